import { InfoCard } from '@backstage/core-components';
import {
  HEALTH_STATUSES,
  SYNC_STATUSES,
} from '@gitops-suite/plugin-gitops-common';
import type { FleetSummary } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { FleetFilterKey } from '../../hooks/useFleetFilters';
import { HEALTH_COLORS, SYNC_COLORS } from '../StatusChips';
import { BarSegment, StackedBar } from './StackedBar';

function Figure(props: { label: string; value: number }) {
  return (
    <Box mr={4}>
      <Typography variant="h4">{props.value}</Typography>
      <Typography variant="caption" color="textSecondary">
        {props.label}
      </Typography>
    </Box>
  );
}

/** One segment per status, in the given order, with the status's colour. */
function statusSegments<S extends string>(
  statuses: readonly S[],
  counts: Partial<Record<S, number>>,
  colors: Record<S, string>,
): BarSegment[] {
  return statuses.map(status => ({
    label: status,
    count: counts[status] ?? 0,
    color: colors[status],
  }));
}

/** Counts by health and sync across the (filtered) fleet. */
export function FleetStatusCard(props: {
  summary: FleetSummary;
  onFilter: (key: FleetFilterKey, value: string) => void;
}) {
  const { summary, onFilter } = props;
  return (
    <InfoCard title="Fleet status">
      <Box display="flex" mb={2}>
        <Figure label="applications" value={summary.total} />
        <Figure label="out of sync" value={summary.bySync.OutOfSync ?? 0} />
        <Figure label="degraded" value={summary.byHealth.Degraded ?? 0} />
        <Figure
          label="drifting (no operation running)"
          value={summary.drifting}
        />
      </Box>
      <StackedBar
        title="Health"
        segments={statusSegments(
          HEALTH_STATUSES,
          summary.byHealth,
          HEALTH_COLORS,
        )}
        onSelect={label => onFilter('health', label)}
      />
      <StackedBar
        title="Sync"
        segments={statusSegments(SYNC_STATUSES, summary.bySync, SYNC_COLORS)}
        onSelect={label => onFilter('sync', label)}
      />
    </InfoCard>
  );
}
