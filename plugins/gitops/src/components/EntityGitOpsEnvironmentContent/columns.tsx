import { Link, TableColumn } from '@backstage/core-components';
import { EntityRefLinks } from '@backstage/plugin-catalog-react';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import Typography from '@material-ui/core/Typography';
import LaunchIcon from '@material-ui/icons/Launch';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { applicationFamily } from '../../lib/applicationFamily';
import { firstImageTag } from '../../lib/imageTag';
import { revisionOf } from '../../lib/revision';
import { timeSince } from '../../lib/timeSince';
import { healthColumn, SyncStatusChip } from '../StatusChips';
import { BreakableName } from '../WordWrapTableHead';

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

const cluster = (row: DeploymentRow) =>
  row.clusterName ?? row.destination.name ?? row.destination.server ?? '';

/**
 * The columns, key ones first and few: the application, its image tag and
 * agent UI link share one cell, the sync state and when it last synced
 * another, and where it runs (cluster, agent) a third, so the table fits
 * its card at 1280 px. Application, image, cluster and
 * agent stay searchable.
 */
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
  {
    title: 'Application',
    field: 'name',
    render: row => (
      <>
        {row.name}{' '}
        {row.uiUrl && (
          <Link to={row.uiUrl} aria-label={`Open ${row.name} in the agent UI`}>
            <LaunchIcon fontSize="small" style={{ verticalAlign: 'middle' }} />
          </Link>
        )}
        {row.image && (
          <Typography
            variant="caption"
            color="textSecondary"
            component="span"
            display="block"
          >
            image {row.image}
          </Typography>
        )}
      </>
    ),
  },
  {
    title: 'Revision',
    field: 'revision',
    render: row => (
      <code title={row.revision}>{shortRevision(row.revision) ?? '—'}</code>
    ),
  },
  {
    title: 'Sync',
    field: 'sync.status',
    render: row => (
      <>
        <SyncStatusChip status={row.sync.status} />
        <Typography
          variant="caption"
          color="textSecondary"
          component="span"
          display="block"
        >
          {row.lastSyncedAt
            ? `synced ${timeSince(row.lastSyncedAt)}`
            : 'never synced'}
        </Typography>
      </>
    ),
  },
  healthColumn<DeploymentRow>(),
  {
    title: 'Runs on',
    customSort: (a, b) => cluster(a).localeCompare(cluster(b)),
    customFilterAndSearch: (term, row) =>
      `${cluster(row)} ${row.agentId}`
        .toLocaleLowerCase('en-US')
        .includes(String(term).toLocaleLowerCase('en-US')),
    cellStyle: { minWidth: 140 },
    render: row => (
      <>
        {cluster(row) ? <BreakableName text={cluster(row)} /> : '—'}
        <Typography
          variant="caption"
          color="textSecondary"
          component="span"
          display="block"
        >
          agent {row.agentId}
        </Typography>
      </>
    ),
  },
  { title: 'Image tag', field: 'image', hidden: true },
];
