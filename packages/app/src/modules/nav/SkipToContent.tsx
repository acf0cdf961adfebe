import { useContent } from '@backstage/core-components';
import { makeStyles } from '@material-ui/core/styles';
import type { MouseEvent } from 'react';

const useStyles = makeStyles(theme => ({
  // out of sight until it has the keyboard's focus
  link: {
    position: 'fixed',
    top: theme.spacing(1),
    left: theme.spacing(1),
    zIndex: theme.zIndex.tooltip + 1,
    padding: theme.spacing(1, 2),
    borderRadius: theme.shape.borderRadius,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    boxShadow: theme.shadows[4],
    transform: 'translateY(-200%)',
    '&:focus': { transform: 'none' },
  },
}));

/**
 * "Skip to content", the app shell's first tab stop: it moves the focus to
 * the page's content (its header, as Backstage's pages register it, else
 * its main element), past the sidebar. Backstage's own skip button shows
 * only when a page's header is there before the sidebar renders, which it
 * never is on a first load.
 */
export function SkipToContent() {
  const classes = useStyles();
  const { contentRef } = useContent();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target =
      contentRef?.current ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  return (
    <a href="#content" className={classes.link} onClick={skip}>
      Skip to content
    </a>
  );
}
