import {
  ResponseErrorPanel,
  Table,
  TableColumn,
} from '@backstage/core-components';
import { EntityRefLinks } from '@backstage/plugin-catalog-react';
import {
  attentionMessage,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import MuiLink from '@material-ui/core/Link';
import Typography from '@material-ui/core/Typography';
import TextField from '@material-ui/core/TextField';
import { useMemo, useState } from 'react';
import useDebounce from 'react-use/esm/useDebounce';
import type { FleetApplicationFilter } from '@gitops-suite/plugin-gitops-common';
import { useClaimingEntities } from '../../hooks/useClaimingEntities';
import { useSelectedApplication } from '../../hooks/useSelectedApplication';
import { timeSince } from '../../lib/timeSince';
import { rowClickOpens } from '../../lib/rowClickOpens';
import { ApplicationDrawer } from '../ApplicationDrawer';
import { AgentUiLink } from '../Links';
import { healthColumn, SyncStatusChip } from '../StatusChips';
import {
  ATTENTION_PAGE_SIZE,
  useFleetAttentionPage,
} from '../../hooks/useFleetAttentionPage';

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
 * The applications that need attention, a page at a time as the backend
 * orders them, with the agent's message: only the page shown is read,
 * whatever the size of the fleet, and the search asks the backend too. A
 * row opens the application in a drawer, on behalf of the entity owning
 * it; "Owned by" links to that entity.
 */
export function ProblemApplicationsTable(props: {
  filter: FleetApplicationFilter;
  refreshIntervalMs?: number;
  onChanged?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  useDebounce(() => setDebouncedSearch(search.trim()), 300, [search]);
  const page = useFleetAttentionPage(
    {
      ...props.filter,
      ...(debouncedSearch && { search: debouncedSearch }),
    },
    { intervalMs: props.refreshIntervalMs },
  );
  const problems = useMemo(() => page.value?.items ?? [], [page.value]);
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
  const total = page.value?.total;
  return (
    <>
      {page.error && <ResponseErrorPanel error={page.error} />}
      <TextField
        id="gitops-fleet-attention-search"
        label="Search the applications that need attention"
        placeholder="name, service, environment, agent"
        value={search}
        onChange={event => setSearch(event.target.value)}
        size="small"
        variant="outlined"
        fullWidth
        style={{ marginBottom: 8 }}
      />
      <Table
        title={
          total === undefined ? 'Needs attention' : `Needs attention (${total})`
        }
        isLoading={page.loading}
        columns={columns(open)}
        data={rows}
        onRowClick={rowClickOpens(open)}
        options={{
          padding: 'dense',
          search: false,
          sorting: false,
          // column dragging nests a focusable handle in each sort button
          draggable: false,
          // the backend pages: one page of rows, moved by its cursors
          paging: (total ?? 0) > ATTENTION_PAGE_SIZE,
          pageSize: ATTENTION_PAGE_SIZE,
          pageSizeOptions: [],
          showFirstLastPageButtons: false,
          emptyRowsWhenPaging: false,
        }}
        page={page.pageIndex}
        totalCount={total ?? 0}
        onPageChange={next =>
          next > page.pageIndex ? page.next?.() : page.previous?.()
        }
        emptyContent={
          <div style={{ padding: 16 }}>
            {debouncedSearch
              ? `No application that needs attention matches "${debouncedSearch}".`
              : 'Every application is synced and healthy.'}
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
