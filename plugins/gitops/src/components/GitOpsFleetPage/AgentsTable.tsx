import {
  InfoCard,
  Link,
  StatusError,
  StatusOK,
  StatusWarning,
} from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import type { GitOpsAgent } from '../../api';
import { timeSince } from '../../lib/timeSince';
import {
  AgentComponentsHealth,
  AgentVersion,
  highAvailabilityText,
} from '../AgentHealth';

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
  minWidth: 240,
  maxWidth: 480,
  overflowWrap: 'break-word',
} as const;

/**
 * The agents the portal talks to: connectivity, versions (and whether an
 * upgrade is available), high availability, each component's health and,
 * for an agent in trouble, the error in a column of its own wide enough to
 * read.
 */
export function AgentsTable(props: { agents: GitOpsAgent[] }) {
  return (
    <InfoCard title="Agents" noPadding>
      <Box style={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Agents">
          <TableHead>
            <TableRow>
              {[
                'Agent',
                'Kind',
                'Region',
                'Environments',
                'State',
                'Message',
                'Version',
                'HA',
                'Components',
                'Checked',
              ].map(title => (
                <TableCell key={title} style={nowrap}>
                  {title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.agents.map(agent => (
              <TableRow key={agent.id}>
                <TableCell component="th" scope="row" style={nowrap}>
                  {agent.uiUrl ? (
                    <Link to={agent.uiUrl}>{agent.title ?? agent.id}</Link>
                  ) : (
                    agent.title ?? agent.id
                  )}
                </TableCell>
                <TableCell style={nowrap}>{agent.kind}</TableCell>
                <TableCell style={nowrap}>{agent.region ?? '—'}</TableCell>
                <TableCell>{(agent.environments ?? []).join(', ')}</TableCell>
                <TableCell style={nowrap}>
                  <State agent={agent} />
                </TableCell>
                <TableCell style={prose}>
                  {agent.status.message ?? '—'}
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
                <TableCell style={nowrap}>
                  {timeSince(agent.status.checkedAt) ?? '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </InfoCard>
  );
}
