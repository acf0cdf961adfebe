import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell, { type TableCellProps } from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import type { ReactNode } from 'react';
import { WordWrapTableHead } from './WordWrapTableHead';

/**
 * A small table named `label`, under one row of header cells that wrap at
 * words: a heading is the cell's text, or its props (alignment, style, an
 * empty cell). `children` are the body's rows.
 */
export function CompactTable(props: {
  label: string;
  headings: ReadonlyArray<string | TableCellProps>;
  children: ReactNode;
}) {
  const { label, headings, children } = props;
  return (
    <Table size="small" aria-label={label}>
      <WordWrapTableHead>
        <TableRow>
          {headings.map((heading, index) =>
            typeof heading === 'string' ? (
              <TableCell key={index}>{heading}</TableCell>
            ) : (
              <TableCell key={index} {...heading} />
            ),
          )}
        </TableRow>
      </WordWrapTableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
