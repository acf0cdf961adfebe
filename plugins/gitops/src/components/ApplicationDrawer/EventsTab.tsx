import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { ApplicationRef } from '../../api';
import { useApplicationEvents } from '../../hooks/useApplicationEvents';
import { formatTimestamp } from '../../lib/timeSince';
import { WordWrapTableHead } from '../WordWrapTableHead';

/** Who ran which operation, and when the application drifted. */
export function EventsTab(props: { app: ApplicationRef }) {
  const { value, loading, error } = useApplicationEvents(props.app);
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  const audit = value?.audit ?? [];
  const drift = value?.drift ?? [];
  return (
    <Box>
      <Typography variant="h6">Operations</Typography>
      {audit.length === 0 ? (
        <Typography color="textSecondary">No operations recorded.</Typography>
      ) : (
        <Table size="small" aria-label="Audit entries">
          <WordWrapTableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Message</TableCell>
            </TableRow>
          </WordWrapTableHead>
          <TableBody>
            {audit.map(event => (
              <TableRow key={event.id}>
                <TableCell>{formatTimestamp(event.startedAt)}</TableCell>
                <TableCell>
                  {event.action}
                  {event.parameters?.dryRun === true && ' (dry run)'}
                </TableCell>
                <TableCell>{event.actor}</TableCell>
                <TableCell>{event.outcome}</TableCell>
                <TableCell>{event.message ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box mt={2}>
        <Typography variant="h6">Drift</Typography>
        {drift.length === 0 ? (
          <Typography color="textSecondary">No drift recorded.</Typography>
        ) : (
          <Table size="small" aria-label="Drift events">
            <WordWrapTableHead>
              <TableRow>
                <TableCell>From</TableCell>
                <TableCell>Until</TableCell>
                <TableCell>Sync</TableCell>
                <TableCell>Health</TableCell>
                <TableCell>Revision</TableCell>
              </TableRow>
            </WordWrapTableHead>
            <TableBody>
              {drift.map(event => (
                <TableRow key={event.id}>
                  <TableCell>{formatTimestamp(event.startedAt)}</TableCell>
                  <TableCell>
                    {event.endedAt
                      ? formatTimestamp(event.endedAt)
                      : 'still drifting'}
                  </TableCell>
                  <TableCell>{event.syncStatus}</TableCell>
                  <TableCell>{event.health ?? '—'}</TableCell>
                  <TableCell>
                    <code>{shortRevision(event.revision) ?? '—'}</code>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </Box>
  );
}
