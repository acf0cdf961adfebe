import type {
  ActionBlocker,
  GitOpsApplication,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { ReactNode } from 'react';
import { revisionOf } from '../../lib/revision';
import { formatTimestamp, timeSince } from '../../lib/timeSince';
import { ActionBlockerChips } from '../ActionBlockers';
import { CanaryChip } from '../ArgoRollout';
import { BreakableName } from '../WordWrapTableHead';
import { ReleaseRevision } from '../SourceHydrator';
import { HealthStatusChip, PolicyBadges, SyncStatusChip } from '../StatusChips';

/** A table row: the application plus flattened fields to sort and filter on. */
export type ApplicationRow = GitOpsApplication & {
  id: string;
  cluster: string;
  targetNamespace: string;
  syncStatus: string;
  healthStatus: string;
  revision: string;
  /** A running sync, a failed hydration, a closed sync window. */
  blockers: ActionBlocker[];
  /** The ApplicationSet whose RollingSync syncs it, if one does. */
  rollingSyncBy?: string;
  /** Its Argo Rollouts canary, when one is mid-rollout. */
  canary?: RolloutSummary;
};

export function toRow(
  app: GitOpsApplication,
  blockers: ActionBlocker[] = [],
  rollingSyncBy?: string,
  canary?: RolloutSummary,
): ApplicationRow {
  return {
    blockers,
    ...(rollingSyncBy && { rollingSyncBy }),
    ...(canary && { canary }),
    ...app,
    id: app.key,
    cluster:
      app.clusterName ?? app.destination.name ?? app.destination.server ?? '',
    targetNamespace: app.destination.namespace ?? '',
    syncStatus: app.sync.status,
    healthStatus: app.health.status,
    revision: revisionOf(app) ?? '',
  };
}

/** One column of the applications table. */
export interface ApplicationColumn {
  id: string;
  title: string;
  /** The value the column sorts on; not sortable without one. */
  sortValue?: (row: ApplicationRow) => string | number | undefined;
  render: (row: ApplicationRow) => ReactNode;
  /**
   * Columns that may wrap get a minimum width (120 px unless `minWidth`
   * says otherwise) instead of `nowrap`.
   */
  wrap?: boolean;
  minWidth?: number;
}

const text = (value: string) => value || '—';

/**
 * The columns, key ones first: where the application runs is one column
 * (cluster and namespace, then agent and project, wrapping at word
 * boundaries), and the agent UI link sits in the Application cell, so the
 * table fits its card at 1280 px without an inner scrollbar.
 */
export const columns: ApplicationColumn[] = [
  {
    id: 'environment',
    title: 'Environment',
    sortValue: row => row.environment,
    render: row => text(row.environment),
  },
  {
    id: 'sync',
    title: 'Sync',
    sortValue: row => row.syncStatus,
    render: row => (
      <Box display="flex" flexWrap="wrap" style={{ gap: 4 }}>
        <SyncStatusChip status={row.sync.status} revision={row.revision} />
        <ActionBlockerChips blockers={row.blockers} />
      </Box>
    ),
    // a freeze or a running sync adds a chip: it wraps under the status
    // instead of widening the table past its card at 1280 px (the column
    // as wide as its widest chip)
    wrap: true,
    minWidth: 0,
  },
  {
    id: 'health',
    title: 'Health',
    sortValue: row => row.healthStatus,
    render: row => (
      <Box display="flex" flexWrap="wrap" style={{ gap: 4 }}>
        <HealthStatusChip
          status={row.health.status}
          message={row.health.message}
        />
        <CanaryChip rollout={row.canary} />
      </Box>
    ),
    // a canary's chip wraps under the health instead of widening the table
    wrap: true,
    minWidth: 0,
  },
  {
    id: 'revision',
    title: 'Revision',
    sortValue: row => row.revision,
    render: row => <ReleaseRevision app={row} />,
  },
  {
    id: 'lastSync',
    title: 'Last sync',
    sortValue: row =>
      row.lastSyncedAt ? Date.parse(row.lastSyncedAt) : undefined,
    render: row => (
      <span title={formatTimestamp(row.lastSyncedAt)}>
        {timeSince(row.lastSyncedAt) ?? '—'}
      </span>
    ),
  },
  {
    id: 'where',
    title: 'Runs in',
    sortValue: row => `${row.cluster}/${row.targetNamespace}`,
    render: row => (
      <>
        <Typography variant="body2" component="span" display="block">
          <BreakableName text={text(row.cluster)} /> /{' '}
          <BreakableName text={text(row.targetNamespace)} />
        </Typography>
        <Typography
          variant="caption"
          color="textSecondary"
          component="span"
          display="block"
        >
          agent {row.agentId} · project {text(row.project)}
        </Typography>
      </>
    ),
    wrap: true,
  },
  {
    id: 'policy',
    title: 'Policy',
    render: row => (
      <PolicyBadges policy={row.syncPolicy} rollingSyncBy={row.rollingSyncBy} />
    ),
    wrap: true,
  },
];
