import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { gitopsApiRef } from '../../api';
import { formatTimestamp } from '../../lib/timeSince';
import { CompactTable } from '../WordWrapTableHead';

/** The Kubernetes events of one resource, most recent first. */
export function ResourceEventsTab(props: {
  app: EntityApplicationRef;
  resource: ResourceRef;
}) {
  const { app, resource } = props;
  const api = useApi(gitopsApiRef);
  const { value, loading, error } = useAsyncRetry(
    () => api.getResourceEvents(app, resource),
    [api, app, resource],
  );
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!value?.length) {
    return (
      <Typography color="textSecondary">
        The cluster reports no events for {resource.kind} {resource.name}.
      </Typography>
    );
  }
  return (
    <CompactTable
      label="Resource events"
      headings={[
        'Type',
        'Reason',
        'Message',
        { align: 'right', children: 'Count' },
        'First seen',
        'Last seen',
      ]}
    >
      {value.map((event, index) => (
        <TableRow key={index}>
          <TableCell>
            <Typography
              variant="body2"
              color={event.type === 'Warning' ? 'error' : 'textPrimary'}
            >
              {event.type}
            </Typography>
          </TableCell>
          <TableCell>{event.reason}</TableCell>
          <TableCell style={{ wordBreak: 'break-word' }}>
            {event.message}
          </TableCell>
          <TableCell align="right">{event.count}</TableCell>
          <TableCell>
            {event.firstSeen ? formatTimestamp(event.firstSeen) : '—'}
          </TableCell>
          <TableCell>
            {event.lastSeen ? formatTimestamp(event.lastSeen) : '—'}
          </TableCell>
        </TableRow>
      ))}
    </CompactTable>
  );
}
