import Chip from '@material-ui/core/Chip';
import { makeStyles } from '@material-ui/core/styles';
import { ReactElement } from 'react';
import { textColorOn } from './statusColors';

const useStyles = makeStyles({
  // a label of several words may break between them, the chip growing
  // taller instead of its column wider
  wrapRoot: { height: 'auto', minHeight: 24, maxWidth: '100%' },
  wrapLabel: { whiteSpace: 'normal', paddingTop: 2, paddingBottom: 2 },
});

/** A small coloured chip naming a state. */
export function StatusChip(props: {
  label: string;
  color: string;
  icon?: ReactElement;
  title?: string;
  /** Lets a label of several words wrap (in a narrow table column). */
  wrapLabel?: boolean;
}) {
  const { label, color, icon, title, wrapLabel } = props;
  const classes = useStyles();
  const text = textColorOn(color);
  return (
    <Chip
      size="small"
      label={label}
      icon={icon}
      title={title ?? label}
      style={{ backgroundColor: color, color: text }}
      classes={
        wrapLabel
          ? { root: classes.wrapRoot, label: classes.wrapLabel }
          : undefined
      }
    />
  );
}
