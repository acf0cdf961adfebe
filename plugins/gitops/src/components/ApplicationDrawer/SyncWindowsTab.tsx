import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Chip from '@material-ui/core/Chip';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { useSyncWindows } from '../../hooks/useSyncWindows';
import { describeCron } from '../../lib/describeCron';
import { ATTENTION_RED, StatusChip } from '../StatusChips';
import { CompactTable } from '../WordWrapTableHead';

/** Argo CD reads a window's schedule in UTC unless it names a time zone. */
const DEFAULT_TIME_ZONE = 'UTC';

/** When the application's project lets syncs run. */
export function SyncWindowsTab(props: { app: EntityApplicationRef }) {
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
    <CompactTable
      label="Sync windows"
      headings={['Kind', 'Starts', 'Duration', 'Manual sync', 'Now']}
    >
      {value.map((window, index) => (
        <TableRow key={index}>
          <TableCell>
            {window.kind === 'deny' ? (
              <StatusChip label="deny" color={ATTENTION_RED} />
            ) : (
              <Chip size="small" label={window.kind} color="primary" />
            )}
          </TableCell>
          <TableCell>
            <Typography variant="body2">
              {describeCron(window.schedule) ?? 'on the schedule'}
              {' · '}
              {window.timeZone ?? DEFAULT_TIME_ZONE}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              cron <code>{window.schedule}</code>
            </Typography>
          </TableCell>
          <TableCell>{window.duration}</TableCell>
          <TableCell>{window.manualSync ? 'allowed' : 'no'}</TableCell>
          <TableCell>{window.active ? 'active' : 'inactive'}</TableCell>
        </TableRow>
      ))}
    </CompactTable>
  );
}
