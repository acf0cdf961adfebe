import { Link, TableColumn } from '@backstage/core-components';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import LaunchIcon from '@material-ui/icons/Launch';
import { revisionOf } from '../../lib/revision';
import { formatTimestamp, timeSince } from '../../lib/timeSince';
import { HealthStatusChip, PolicyBadges, SyncStatusChip } from '../StatusChips';

/** A table row: the application plus flattened fields to sort and filter on. */
export type ApplicationRow = GitOpsApplication & {
  id: string;
  cluster: string;
  targetNamespace: string;
  syncStatus: string;
  healthStatus: string;
  revision: string;
};

export function toRow(app: GitOpsApplication): ApplicationRow {
  return {
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

export const columns: TableColumn<ApplicationRow>[] = [
  { title: 'Application', field: 'name', highlight: true },
  { title: 'Environment', field: 'environment' },
  { title: 'Agent', field: 'agentId' },
  { title: 'Cluster', field: 'cluster' },
  { title: 'Namespace', field: 'targetNamespace' },
  { title: 'Project', field: 'project' },
  {
    title: 'Sync',
    field: 'syncStatus',
    render: row => (
      <SyncStatusChip status={row.sync.status} revision={row.revision} />
    ),
  },
  {
    title: 'Health',
    field: 'healthStatus',
    render: row => (
      <HealthStatusChip
        status={row.health.status}
        message={row.health.message}
      />
    ),
  },
  {
    title: 'Revision',
    field: 'revision',
    render: row => (
      <code title={row.revision}>{shortRevision(row.revision)}</code>
    ),
  },
  {
    title: 'Last sync',
    field: 'lastSyncedAt',
    defaultSort: 'desc',
    render: row => (
      <span title={formatTimestamp(row.lastSyncedAt)}>
        {timeSince(row.lastSyncedAt) ?? '—'}
      </span>
    ),
  },
  {
    title: 'Policy',
    sorting: false,
    render: row => <PolicyBadges policy={row.syncPolicy} />,
  },
  {
    title: 'Agent UI',
    sorting: false,
    render: row =>
      row.uiUrl ? (
        <Link
          to={row.uiUrl}
          onClick={event => event.stopPropagation()}
          aria-label={`Open ${row.name} in the agent UI`}
        >
          <LaunchIcon fontSize="small" />
        </Link>
      ) : null,
  },
];
