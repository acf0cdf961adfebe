import { Link, Table, TableColumn } from '@backstage/core-components';
import { EntityRefLinks } from '@backstage/plugin-catalog-react';
import LaunchIcon from '@material-ui/icons/Launch';
import type { FleetApplication } from '../../api';
import { timeSince } from '../../lib/timeSince';
import { HealthStatusChip, SyncStatusChip } from '../StatusChips';

const PROBLEM_HEALTH = ['Degraded', 'Suspended', 'Missing'];

/** Degraded, suspended, missing or out-of-sync applications. */
export function isProblem(app: FleetApplication): boolean {
  return (
    PROBLEM_HEALTH.includes(app.health.status) ||
    app.sync.status === 'OutOfSync'
  );
}

type Row = FleetApplication & { id: string; owner: string };

const columns: TableColumn<Row>[] = [
  { title: 'Application', field: 'name', highlight: true },
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
  { title: 'Environment', field: 'environment' },
  { title: 'Agent', field: 'agentId' },
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
    title: 'Sync',
    field: 'sync.status',
    render: row => <SyncStatusChip status={row.sync.status} />,
  },
  { title: 'Message', field: 'health.message' },
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

/** The applications that need attention, linked to the entities owning them. */
export function ProblemApplicationsTable(props: {
  applications: FleetApplication[];
}) {
  const rows: Row[] = props.applications.filter(isProblem).map(app => ({
    ...app,
    id: app.key,
    owner: app.entityRefs?.join(', ') ?? app.service ?? '',
  }));
  return (
    <Table
      title={`Needs attention (${rows.length})`}
      columns={columns}
      data={rows}
      options={{
        paging: rows.length > 20,
        pageSize: 20,
        padding: 'dense',
        search: true,
      }}
      emptyContent={
        <div style={{ padding: 16 }}>
          Every application is synced and healthy.
        </div>
      }
    />
  );
}
