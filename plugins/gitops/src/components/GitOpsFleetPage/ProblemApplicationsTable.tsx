import { Table, TableColumn } from '@backstage/core-components';
import { EntityRefLinks } from '@backstage/plugin-catalog-react';
import {
  attentionMessage,
  needsAttention,
} from '@gitops-suite/plugin-gitops-common';
import MuiLink from '@material-ui/core/Link';
import Typography from '@material-ui/core/Typography';
import { useMemo } from 'react';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { useClaimingEntities } from '../../hooks/useClaimingEntities';
import { useSelectedApplication } from '../../hooks/useSelectedApplication';
import { timeSince } from '../../lib/timeSince';
import { rowClickOpens } from '../../lib/rowClickOpens';
import { ApplicationDrawer } from '../ApplicationDrawer';
import { AgentUiLink } from '../Links';
import { healthColumn, SyncStatusChip } from '../StatusChips';
import { listTableOptions } from '../WordWrapTableHead';

/** A problem row: the application, and the catalog entities that own it. */
type Row = GitOpsApplication & {
  id: string;
  owner: string;
  message: string;
  entityRefs?: string[];
};

/**
 * The columns, key ones first and few: where the application runs
 * (environment, agent) and its agent UI link sit in the Application cell,
 * and the message wraps at word boundaries, so the table fits its card at
 * 1280 px. Environment and agent stay searchable.
 */
function columns(open: (row: Row) => void): TableColumn<Row>[] {
  return [
    {
      title: 'Application',
      field: 'name',
      highlight: true,
      render: row => (
        <>
          {row.entityRefs?.length ? (
            <MuiLink
              component="button"
              variant="body2"
              onClick={(event: React.MouseEvent) => {
                event.stopPropagation();
                open(row);
              }}
              style={{ textAlign: 'left', fontWeight: 500 }}
            >
              {row.name}
            </MuiLink>
          ) : (
            row.name
          )}{' '}
          <AgentUiLink app={row} />
          <Typography
            variant="caption"
            color="textSecondary"
            component="span"
            display="block"
          >
            {row.environment || '—'} · agent {row.agentId}
          </Typography>
        </>
      ),
    },
    { title: 'Environment', field: 'environment', hidden: true },
    { title: 'Agent', field: 'agentId', hidden: true },
    {
      title: 'Owned by',
      field: 'owner',
      render: row =>
        row.entityRefs && row.entityRefs.length > 0 ? (
          <EntityRefLinks entityRefs={row.entityRefs} defaultKind="component" />
        ) : (
          row.service ?? '—'
        ),
    },
    healthColumn<Row>(),
    {
      title: 'Sync',
      field: 'sync.status',
      render: row => <SyncStatusChip status={row.sync.status} />,
    },
    {
      title: 'Message',
      field: 'message',
      cellStyle: { minWidth: 200, overflowWrap: 'break-word' },
    },
    {
      title: 'Last sync',
      field: 'lastSyncedAt',
      render: row => timeSince(row.lastSyncedAt) ?? '—',
    },
  ];
}

/**
 * The applications that need attention, with the agent's message. A row
 * opens the application in a drawer, on behalf of the entity owning it;
 * "Owned by" links to that entity.
 */
export function ProblemApplicationsTable(props: {
  applications: GitOpsApplication[];
  onChanged?: () => void;
}) {
  const problems = useMemo(
    () => props.applications.filter(needsAttention),
    [props.applications],
  );
  // the entities that claim them, by any supported annotation
  const claims = useClaimingEntities(problems);
  const rows: Row[] = problems.map(app => {
    const entityRefs = claims.get(app.key);
    return {
      ...app,
      ...(entityRefs && { entityRefs }),
      id: app.key,
      owner: entityRefs?.join(', ') ?? app.service ?? '',
      message: attentionMessage(app) ?? '',
    };
  });
  // the open drawer is in the URL, on behalf of the entity owning it
  const [selectedRow, setSelected] = useSelectedApplication(rows);
  const selected = selectedRow?.entityRefs?.length ? selectedRow : undefined;
  const open = (row: Row) => {
    if (row.entityRefs?.length) setSelected(row);
  };
  return (
    <>
      <Table
        title={`Needs attention (${rows.length})`}
        columns={columns(open)}
        data={rows}
        onRowClick={rowClickOpens(open)}
        options={listTableOptions(rows.length)}
        emptyContent={
          <div style={{ padding: 16 }}>
            Every application is synced and healthy.
          </div>
        }
      />
      <ApplicationDrawer
        entityRef={selected?.entityRefs?.[0] ?? ''}
        application={selected}
        onClose={() => setSelected(undefined)}
        onChanged={props.onChanged}
      />
    </>
  );
}
