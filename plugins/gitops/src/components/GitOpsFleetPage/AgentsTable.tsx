import {
  Link,
  StatusError,
  StatusOK,
  StatusWarning,
  Table,
  TableColumn,
} from '@backstage/core-components';
import type { GitOpsAgent } from '../../api';
import { timeSince } from '../../lib/timeSince';

function State(props: { agent: GitOpsAgent }) {
  const { state, message } = props.agent.status;
  if (state === 'connected') return <StatusOK>connected</StatusOK>;
  if (state === 'disconnected')
    return (
      <StatusWarning>disconnected{message ? `: ${message}` : ''}</StatusWarning>
    );
  return <StatusError>error{message ? `: ${message}` : ''}</StatusError>;
}

type Row = GitOpsAgent & { state: string; version: string };

const columns: TableColumn<Row>[] = [
  {
    title: 'Agent',
    field: 'id',
    highlight: true,
    render: row =>
      row.uiUrl ? (
        <Link to={row.uiUrl}>{row.title ?? row.id}</Link>
      ) : (
        row.title ?? row.id
      ),
  },
  { title: 'Kind', field: 'kind' },
  { title: 'Region', field: 'region' },
  { title: 'Environments', render: row => (row.environments ?? []).join(', ') },
  { title: 'State', field: 'state', render: row => <State agent={row} /> },
  { title: 'Version', field: 'version' },
  {
    title: 'Components',
    render: row =>
      (row.status.components ?? [])
        .map(component => `${component.name}: ${component.status}`)
        .join(', '),
  },
  { title: 'Checked', render: row => timeSince(row.status.checkedAt) ?? '—' },
];

/** The agents the portal talks to: connectivity and versions. */
export function AgentsTable(props: { agents: GitOpsAgent[] }) {
  const rows = props.agents.map(agent => ({
    ...agent,
    state: agent.status.state,
    version: agent.status.version ?? '',
  }));
  return (
    <Table
      title="Agents"
      columns={columns}
      data={rows}
      options={{ paging: false, padding: 'dense', search: false }}
    />
  );
}
