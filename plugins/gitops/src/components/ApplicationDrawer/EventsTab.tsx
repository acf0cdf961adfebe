import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import {
  type EntityApplicationRef,
  shortRevision,
} from '@gitops-suite/plugin-gitops-common';
import type { ReactNode } from 'react';
import { useApplicationEvents } from '../../hooks/useApplicationEvents';
import { formatTimestamp } from '../../lib/timeSince';
import { CompactTable } from '../WordWrapTableHead';

/** A titled table of recorded events, or a note that none were recorded. */
function RecordedEvents(props: {
  title: string;
  none: string;
  label: string;
  headings: string[];
  rows: ReactNode[];
}) {
  const { title, none, label, headings, rows } = props;
  return (
    <>
      <Typography variant="h6">{title}</Typography>
      {rows.length === 0 ? (
        <Typography color="textSecondary">{none}</Typography>
      ) : (
        <CompactTable label={label} headings={headings}>
          {rows}
        </CompactTable>
      )}
    </>
  );
}

/** The reason the user gave for the operation (a sync policy change). */
function givenReason(event: { parameters?: Record<string, unknown> }) {
  const reason = event.parameters?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Who ran which operation, and when the application drifted. */
export function EventsTab(props: { app: EntityApplicationRef }) {
  const { value, loading, error } = useApplicationEvents(props.app);
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  const audit = value?.audit ?? [];
  const drift = value?.drift ?? [];
  return (
    <Box>
      <RecordedEvents
        title="Operations"
        none="No operations recorded."
        label="Audit entries"
        headings={['When', 'Action', 'Who', 'Outcome', 'Message']}
        rows={audit.map(event => (
          <TableRow key={event.id}>
            <TableCell>{formatTimestamp(event.startedAt)}</TableCell>
            <TableCell>
              {event.action}
              {event.parameters?.dryRun === true && ' (dry run)'}
            </TableCell>
            <TableCell>{event.actor}</TableCell>
            <TableCell>{event.outcome}</TableCell>
            <TableCell>{event.message ?? givenReason(event) ?? ''}</TableCell>
          </TableRow>
        ))}
      />
      <Box mt={2}>
        <RecordedEvents
          title="Drift"
          none="No drift recorded."
          label="Drift events"
          headings={['From', 'Until', 'Sync', 'Health', 'Revision']}
          rows={drift.map(event => (
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
        />
      </Box>
    </Box>
  );
}
