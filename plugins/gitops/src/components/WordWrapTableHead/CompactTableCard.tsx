import { InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import type { TableCellProps } from '@material-ui/core/TableCell';
import type { ReactNode } from 'react';
import { CompactTable } from './CompactTable';

/**
 * A card holding one compact table, named as the card is titled; the table
 * scrolls sideways when it is wider than the card.
 */
export function CompactTableCard(props: {
  title: string;
  headings: ReadonlyArray<string | TableCellProps>;
  children: ReactNode;
}) {
  const { title, headings, children } = props;
  return (
    <InfoCard title={title} noPadding>
      <Box style={{ overflowX: 'auto' }}>
        <CompactTable label={title} headings={headings}>
          {children}
        </CompactTable>
      </Box>
    </InfoCard>
  );
}
