import { makeStyles } from '@material-ui/core/styles';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  // The catalog table's first column is the entity's name. Backstage's
  // theme lets a table cell break inside any word, so at 1280 px the
  // browser gives the name column what is left beside seven others and
  // names (in-cluster (agent argocd-nonprod)) break letter by letter. Here
  // names wrap at spaces and dashes only, so the column is as wide as
  // their longest part.
  root: {
    display: 'contents',
    '& table tbody td:first-child': {
      wordBreak: 'normal',
      overflowWrap: 'normal',
      minWidth: '10em',
    },
  },
});

/** The catalog index page, with its names whole in the table. */
export function CatalogTableNames(props: { children: ReactNode }) {
  const classes = useStyles();
  return <div className={classes.root}>{props.children}</div>;
}
