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
import { StackedBar } from './StackedBar';

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
        segments={HEALTH_STATUSES.map(status => ({
          label: status,
          count: summary.byHealth[status] ?? 0,
          color: HEALTH_COLORS[status],
        }))}
        onSelect={label => onFilter('health', label)}
      />
      <StackedBar
        title="Sync"
        segments={SYNC_STATUSES.map(status => ({
          label: status,
          count: summary.bySync[status] ?? 0,
          color: SYNC_COLORS[status],
        }))}
        onSelect={label => onFilter('sync', label)}
      />
    </InfoCard>
  );
}
