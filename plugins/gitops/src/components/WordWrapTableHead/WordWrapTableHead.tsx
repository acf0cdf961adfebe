import { makeStyles } from '@material-ui/core/styles';
import TableHead, { type TableHeadProps } from '@material-ui/core/TableHead';

/**
 * Backstage's theme lets every table cell break inside a word
 * (`word-break: break-word`), so a squeezed column's header wraps letter
 * by letter; its own Table (material-table) sets its headers back to
 * `normal`, as this does: headers, and row headers, wrap between words.
 */
export const wrapAtWords = {
  wordBreak: 'normal',
  overflowWrap: 'normal',
} as const;

const useStyles = makeStyles({ root: { '& th': wrapAtWords } });

/**
 * A table head whose header cells wrap at words, as the headers of
 * Backstage's own Table do.
 */
export function WordWrapTableHead(props: TableHeadProps) {
  const classes = useStyles();
  return (
    <TableHead
      {...props}
      className={[classes.root, props.className].filter(Boolean).join(' ')}
    />
  );
}
