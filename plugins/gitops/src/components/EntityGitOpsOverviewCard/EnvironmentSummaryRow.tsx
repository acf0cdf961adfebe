import {
  environmentLabel,
  shortRevision,
} from '@gitops-suite/plugin-gitops-common';
import type { EnvironmentGroup } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import {
  combinedSync,
  distinctRevisions,
  latestSync,
  worstHealth,
} from '../../lib/summarizeEnvironment';
import { timeSince } from '../../lib/timeSince';
import { HealthStatusChip, SyncStatusChip } from '../StatusChips';
import { wrapAtWords } from '../WordWrapTableHead';

/** One environment in a line: states, revisions, last sync. */
export function EnvironmentSummaryRow(props: { group: EnvironmentGroup }) {
  const { group } = props;
  const apps = group.applications;
  const revisions = distinctRevisions(apps);
  const sync = combinedSync(apps);
  const health = worstHealth(apps);
  return (
    <TableRow>
      <TableCell component="th" scope="row" style={wrapAtWords}>
        <Typography variant="body2">{environmentLabel(group)}</Typography>
        <Typography variant="caption" color="textSecondary">
          {apps.length} application{apps.length === 1 ? '' : 's'}
        </Typography>
      </TableCell>
      <TableCell>
        {apps.length === 0 ? (
          <Typography color="textSecondary">not deployed</Typography>
        ) : (
          <Box display="flex" flexWrap="wrap" style={{ gap: 4 }}>
            <SyncStatusChip status={sync} />
            <HealthStatusChip status={health} />
          </Box>
        )}
      </TableCell>
      <TableCell>
        <code>
          {revisions
            .slice(0, 2)
            .map(r => shortRevision(r))
            .join(', ')}
        </code>
        {revisions.length > 2 ? ` +${revisions.length - 2}` : ''}
      </TableCell>
      <TableCell>{timeSince(latestSync(apps)) ?? ''}</TableCell>
    </TableRow>
  );
}
