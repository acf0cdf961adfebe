import {
  Link,
  StatusError,
  StatusOK,
  StatusWarning,
} from '@backstage/core-components';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import type { GitOpsAgent } from '../../api';
import { timeSince } from '../../lib/timeSince';
import {
  AgentComponentsHealth,
  AgentVersion,
  highAvailabilityText,
} from '../AgentHealth';
import { CompactTableCard } from '../WordWrapTableHead';

function State(props: { agent: GitOpsAgent }) {
  const { state } = props.agent.status;
  if (state === 'connected') return <StatusOK>connected</StatusOK>;
  if (state === 'disconnected') {
    return <StatusWarning>disconnected</StatusWarning>;
  }
  return <StatusError>error</StatusError>;
}

const nowrap = { whiteSpace: 'nowrap' } as const;
/** Messages wrap between words, in a column wide enough to read them. */
const prose = {
  minWidth: 200,
  overflowWrap: 'break-word',
} as const;

function Caption(props: { children: React.ReactNode }) {
  return (
    <Typography
      variant="caption"
      color="textSecondary"
      component="span"
      display="block"
    >
      {props.children}
    </Typography>
  );
}

/**
 * The agents the portal talks to: connectivity (and, for an agent in
 * trouble, its error, wrapping between words), versions (and whether an
 * upgrade is available), high availability and each component's health.
 * Few columns, related values stacked in one cell, so the table fits its
 * card at 1280 px.
 */
export function AgentsTable(props: { agents: GitOpsAgent[] }) {
  return (
    <CompactTableCard
      title="Agents"
      headings={[
        'Agent',
        'Environments',
        'State',
        'Version',
        'HA',
        'Components',
      ].map(title => ({ children: title, style: nowrap }))}
    >
      {props.agents.map(agent => (
        <TableRow key={agent.id}>
          <TableCell component="th" scope="row" style={nowrap}>
            {agent.uiUrl ? (
              <Link to={agent.uiUrl}>{agent.title ?? agent.id}</Link>
            ) : (
              agent.title ?? agent.id
            )}
            <Caption>
              {agent.kind}
              {agent.region ? ` · ${agent.region}` : ''}
            </Caption>
          </TableCell>
          <TableCell>{(agent.environments ?? []).join(', ')}</TableCell>
          <TableCell style={prose}>
            <State agent={agent} />
            <Caption>
              checked {timeSince(agent.status.checkedAt) ?? '—'}
            </Caption>
            {agent.status.message && (
              <Typography variant="body2" component="p">
                {agent.status.message}
              </Typography>
            )}
          </TableCell>
          <TableCell style={nowrap}>
            <AgentVersion status={agent.status} />
          </TableCell>
          <TableCell style={nowrap}>
            {highAvailabilityText(agent.status)}
          </TableCell>
          <TableCell style={prose}>
            <AgentComponentsHealth components={agent.status.components} />
          </TableCell>
        </TableRow>
      ))}
    </CompactTableCard>
  );
}
