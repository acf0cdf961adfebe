import { InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { HEALTH_COLORS, SYNC_COLORS } from '../StatusChips';
import { StackedBar } from './StackedBar';

/** One line of a {@link BreakdownCard}. */
export interface BreakdownRow {
  name: string;
  /** What people read (an environment's title); `name` when absent. */
  label?: string;
  total: number;
  outOfSync: number;
  degraded: number;
}

/**
 * Per environment (or agent): how many applications, how many out of sync
 * or degraded; a line can be clicked to filter by it.
 */
export function BreakdownCard(props: {
  title: string;
  rows: BreakdownRow[];
  onSelect: (name: string) => void;
}) {
  const { title, rows, onSelect } = props;
  return (
    <InfoCard title={title}>
      {rows.length === 0 && (
        <Typography color="textSecondary">Nothing to show.</Typography>
      )}
      {rows.map(row => {
        const healthy = Math.max(row.total - row.outOfSync - row.degraded, 0);
        const label = row.label ?? row.name;
        return (
          <Box key={row.name}>
            <StackedBar
              title={`${label} (${row.total})`}
              segments={[
                {
                  label: 'Degraded',
                  count: row.degraded,
                  color: HEALTH_COLORS.Degraded,
                },
                {
                  label: 'OutOfSync',
                  count: row.outOfSync,
                  color: SYNC_COLORS.OutOfSync,
                },
                {
                  label: 'Other',
                  count: healthy,
                  color: HEALTH_COLORS.Healthy,
                },
              ]}
              onSelect={() => onSelect(row.name)}
              legendAction={() => `Filter by ${label}, `}
            />
          </Box>
        );
      })}
    </InfoCard>
  );
}
