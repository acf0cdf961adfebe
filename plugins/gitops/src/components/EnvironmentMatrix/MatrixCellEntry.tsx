import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import ButtonBase from '@material-ui/core/ButtonBase';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import { firstImageTag } from '../../lib/imageTag';
import { revisionOf } from '../../lib/revision';
import { timeSince } from '../../lib/timeSince';
import { HealthStatusChip, SyncStatusChip } from '../StatusChips';

const useStyles = makeStyles(theme => ({
  entry: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    padding: theme.spacing(1),
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${theme.palette.divider}`,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  mono: { fontFamily: 'monospace' },
}));

/** One application inside a matrix cell; opens its details when clicked. */
export function MatrixCellEntry(props: {
  app: GitOpsApplication;
  showName: boolean;
  onSelect: (app: GitOpsApplication) => void;
}) {
  const { app, showName, onSelect } = props;
  const classes = useStyles();
  const revision = revisionOf(app);
  const tag = firstImageTag(app.images);
  const since = timeSince(app.lastSyncedAt ?? app.operation?.finishedAt);
  return (
    <ButtonBase
      className={classes.entry}
      onClick={() => onSelect(app)}
      aria-label={`Open ${app.name}`}
    >
      {showName && (
        <Typography variant="caption" color="textSecondary" component="div">
          {app.name} · {app.agentId}
        </Typography>
      )}
      <Typography variant="body2" className={classes.mono} title={revision}>
        {shortRevision(revision) ?? 'no revision'}
        {tag ? ` · ${tag}` : ''}
      </Typography>
      <Box display="flex" flexWrap="wrap" my={0.5} style={{ gap: 4 }}>
        <SyncStatusChip status={app.sync.status} revision={revision} />
        <HealthStatusChip
          status={app.health.status}
          message={app.health.message}
        />
      </Box>
      {since && (
        <Typography variant="caption" color="textSecondary">
          synced {since}
        </Typography>
      )}
    </ButtonBase>
  );
}
