import { Link } from '@backstage/core-components';
import { deployedRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import LaunchIcon from '@material-ui/icons/Launch';
import type { ReactNode } from 'react';
import { revisionOf } from '../../lib/revision';
import { formatTimestamp, timeSince } from '../../lib/timeSince';
import { CommitLink } from '../Links';
import { HealthStatusChip, PolicyBadges, SyncStatusChip } from '../StatusChips';

/** A table row: the application plus flattened fields to sort and filter on. */
export type ApplicationRow = GitOpsApplication & {
  id: string;
  cluster: string;
  targetNamespace: string;
  syncStatus: string;
  healthStatus: string;
  revision: string;
  /** The repository of the source the revision belongs to. */
  repoURL?: string;
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
    repoURL: deployedRevision(app).source?.repoURL,
  };
}

/** One column of the applications table. */
export interface ApplicationColumn {
  id: string;
  title: string;
  /** The value the column sorts on; not sortable without one. */
  sortValue?: (row: ApplicationRow) => string | number | undefined;
  render: (row: ApplicationRow) => ReactNode;
  /** Columns that may wrap get a minimum width instead of `nowrap`. */
  wrap?: boolean;
}

const text = (value: string) => value || '—';

export const columns: ApplicationColumn[] = [
  {
    id: 'environment',
    title: 'Environment',
    sortValue: row => row.environment,
    render: row => text(row.environment),
  },
  {
    id: 'agent',
    title: 'Agent',
    sortValue: row => row.agentId,
    render: row => row.agentId,
  },
  {
    id: 'cluster',
    title: 'Cluster',
    sortValue: row => row.cluster,
    render: row => text(row.cluster),
    wrap: true,
  },
  {
    id: 'namespace',
    title: 'Namespace',
    sortValue: row => row.targetNamespace,
    render: row => text(row.targetNamespace),
  },
  {
    id: 'project',
    title: 'Project',
    sortValue: row => row.project,
    render: row => text(row.project),
  },
  {
    id: 'sync',
    title: 'Sync',
    sortValue: row => row.syncStatus,
    render: row => (
      <SyncStatusChip status={row.sync.status} revision={row.revision} />
    ),
  },
  {
    id: 'health',
    title: 'Health',
    sortValue: row => row.healthStatus,
    render: row => (
      <HealthStatusChip
        status={row.health.status}
        message={row.health.message}
      />
    ),
  },
  {
    id: 'revision',
    title: 'Revision',
    sortValue: row => row.revision,
    render: row => <CommitLink repoURL={row.repoURL} revision={row.revision} />,
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
    id: 'policy',
    title: 'Policy',
    render: row => <PolicyBadges policy={row.syncPolicy} />,
  },
  {
    id: 'agentUi',
    title: 'Agent UI',
    render: row =>
      row.uiUrl ? (
        <Link
          to={row.uiUrl}
          onClick={event => event.stopPropagation()}
          aria-label={`Open ${row.name} in the agent UI`}
        >
          <LaunchIcon fontSize="small" />
        </Link>
      ) : (
        '—'
      ),
  },
];
