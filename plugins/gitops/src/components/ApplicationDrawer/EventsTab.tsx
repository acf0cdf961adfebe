import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import {
  type AuditEvent,
  type DriftEvent,
  type EntityApplicationRef,
  shortRevision,
} from '@gitops-suite/plugin-gitops-common';
import type { ReactNode } from 'react';
import { useApplicationEvents } from '../../hooks/useApplicationEvents';
import { formatTimestamp } from '../../lib/timeSince';
import { CompactTable } from '../WordWrapTableHead';

/** A column of a table of recorded events: its heading and its cell. */
interface EventColumn<T> {
  heading: string;
  cell: (event: T) => ReactNode;
}

/** A titled table of recorded events, or a note that none were recorded. */
function RecordedEvents<T extends { id: string }>(props: {
  title: string;
  none: string;
  label: string;
  columns: EventColumn<T>[];
  events: T[];
}) {
  const { title, none, label, columns, events } = props;
  return (
    <>
      <Typography variant="h6">{title}</Typography>
      {events.length === 0 ? (
        <Typography color="textSecondary">{none}</Typography>
      ) : (
        <CompactTable label={label} headings={columns.map(c => c.heading)}>
          {events.map(event => (
            <TableRow key={event.id}>
              {columns.map(column => (
                <TableCell key={column.heading}>{column.cell(event)}</TableCell>
              ))}
            </TableRow>
          ))}
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

const operationColumns: EventColumn<AuditEvent>[] = [
  { heading: 'When', cell: event => formatTimestamp(event.startedAt) },
  {
    heading: 'Action',
    cell: event => (
      <>
        {event.action}
        {event.parameters?.dryRun === true && ' (dry run)'}
      </>
    ),
  },
  { heading: 'Who', cell: event => event.actor },
  { heading: 'Outcome', cell: event => event.outcome },
  {
    heading: 'Message',
    cell: event => event.message ?? givenReason(event) ?? '',
  },
];

const driftColumns: EventColumn<DriftEvent>[] = [
  { heading: 'From', cell: event => formatTimestamp(event.startedAt) },
  {
    heading: 'Until',
    cell: event =>
      event.endedAt ? formatTimestamp(event.endedAt) : 'still drifting',
  },
  { heading: 'Sync', cell: event => event.syncStatus },
  { heading: 'Health', cell: event => event.health ?? '—' },
  {
    heading: 'Revision',
    cell: event => <code>{shortRevision(event.revision) ?? '—'}</code>,
  },
];

/** Who ran which operation, and when the application drifted. */
export function EventsTab(props: { app: EntityApplicationRef }) {
  const { value, loading, error } = useApplicationEvents(props.app);
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  return (
    <Box>
      <RecordedEvents
        title="Operations"
        none="No operations recorded."
        label="Audit entries"
        columns={operationColumns}
        events={value?.audit ?? []}
      />
      <Box mt={2}>
        <RecordedEvents
          title="Drift"
          none="No drift recorded."
          label="Drift events"
          columns={driftColumns}
          events={value?.drift ?? []}
        />
      </Box>
    </Box>
  );
}
