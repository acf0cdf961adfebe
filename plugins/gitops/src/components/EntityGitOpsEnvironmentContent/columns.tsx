import { Link, TableColumn } from '@backstage/core-components';
import { EntityRefLinks } from '@backstage/plugin-catalog-react';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import LaunchIcon from '@material-ui/icons/Launch';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { applicationFamily } from '../../lib/applicationFamily';
import { firstImageTag } from '../../lib/imageTag';
import { revisionOf } from '../../lib/revision';
import { timeSince } from '../../lib/timeSince';
import { HealthStatusChip, SyncStatusChip } from '../StatusChips';

/** A deployment row: the application with flattened fields, and the
 * catalog entities that claim it (by any supported annotation). */
export type DeploymentRow = GitOpsApplication & {
  id: string;
  entityRefs?: string[];
  serviceName: string;
  revision: string;
  image: string;
};

export function toDeploymentRow(
  app: GitOpsApplication,
  claims: Map<string, string[]>,
): DeploymentRow {
  const entityRefs = claims.get(app.key);
  return {
    ...app,
    id: app.key,
    ...(entityRefs && { entityRefs }),
    serviceName: applicationFamily(app),
    revision: revisionOf(app) ?? '',
    image: firstImageTag(app.images) ?? '',
  };
}

export const deploymentColumns: TableColumn<DeploymentRow>[] = [
  {
    title: 'Service',
    field: 'serviceName',
    highlight: true,
    defaultSort: 'asc',
  },
  {
    title: 'Owned by',
    render: row =>
      row.entityRefs?.length ? (
        <EntityRefLinks entityRefs={row.entityRefs} defaultKind="component" />
      ) : (
        '—'
      ),
  },
  { title: 'Application', field: 'name' },
  {
    title: 'Revision',
    field: 'revision',
    render: row => (
      <code title={row.revision}>{shortRevision(row.revision) ?? '—'}</code>
    ),
  },
  { title: 'Image tag', field: 'image' },
  {
    title: 'Sync',
    field: 'sync.status',
    render: row => <SyncStatusChip status={row.sync.status} />,
  },
  {
    title: 'Health',
    field: 'health.status',
    render: row => (
      <HealthStatusChip
        status={row.health.status}
        message={row.health.message}
      />
    ),
  },
  {
    title: 'Cluster',
    render: row =>
      row.clusterName ?? row.destination.name ?? row.destination.server ?? '',
  },
  { title: 'Agent', field: 'agentId' },
  {
    title: 'Last sync',
    field: 'lastSyncedAt',
    render: row => timeSince(row.lastSyncedAt) ?? '—',
  },
  {
    title: 'Agent UI',
    sorting: false,
    render: row =>
      row.uiUrl ? (
        <Link to={row.uiUrl} aria-label={`Open ${row.name} in the agent UI`}>
          <LaunchIcon fontSize="small" />
        </Link>
      ) : null,
  },
];
