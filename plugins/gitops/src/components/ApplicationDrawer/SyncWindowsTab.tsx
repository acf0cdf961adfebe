import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Chip from '@material-ui/core/Chip';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import type { ApplicationRef } from '../../api';
import { useSyncWindows } from '../../hooks/useSyncWindows';

/** When the application's project lets syncs run. */
export function SyncWindowsTab(props: { app: ApplicationRef }) {
  const { value, loading, error } = useSyncWindows(props.app);
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!value || value.length === 0) {
    return (
      <Typography color="textSecondary">
        No sync windows: syncs may run at any time.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Sync windows">
      <TableHead>
        <TableRow>
          <TableCell>Kind</TableCell>
          <TableCell>Schedule</TableCell>
          <TableCell>Duration</TableCell>
          <TableCell>Manual sync</TableCell>
          <TableCell>Now</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {value.map((window, index) => (
          <TableRow key={index}>
            <TableCell>
              <Chip
                size="small"
                label={window.kind}
                color={window.kind === 'deny' ? 'secondary' : 'primary'}
              />
            </TableCell>
            <TableCell>
              <code>{window.schedule}</code>
              {window.timeZone ? ` (${window.timeZone})` : ''}
            </TableCell>
            <TableCell>{window.duration}</TableCell>
            <TableCell>{window.manualSync ? 'allowed' : 'no'}</TableCell>
            <TableCell>{window.active ? 'active' : 'inactive'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
