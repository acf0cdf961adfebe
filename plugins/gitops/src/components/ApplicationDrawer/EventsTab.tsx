import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { ApplicationRef } from '../../api';
import { useApplicationEvents } from '../../hooks/useApplicationEvents';
import { formatTimestamp } from '../../lib/timeSince';
import { CompactTable } from '../WordWrapTableHead';

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
        <CompactTable
          label="Audit entries"
          headings={['When', 'Action', 'Who', 'Outcome', 'Message']}
        >
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
        </CompactTable>
      )}
      <Box mt={2}>
        <Typography variant="h6">Drift</Typography>
        {drift.length === 0 ? (
          <Typography color="textSecondary">No drift recorded.</Typography>
        ) : (
          <CompactTable
            label="Drift events"
            headings={['From', 'Until', 'Sync', 'Health', 'Revision']}
          >
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
          </CompactTable>
        )}
      </Box>
    </Box>
  );
}
