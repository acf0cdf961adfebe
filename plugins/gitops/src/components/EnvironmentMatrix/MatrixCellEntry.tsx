import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type {
  AgentError,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import ButtonBase from '@material-ui/core/ButtonBase';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import { outageLabel } from '../../lib/agentOutage';
import { firstImageTag } from '../../lib/imageTag';
import { revisionOf } from '../../lib/revision';
import { timeSince } from '../../lib/timeSince';
import {
  HEALTH_COLORS,
  HealthStatusChip,
  SyncStatusChip,
} from '../StatusChips';
import { StatusChip } from '../StatusChips/StatusChip';

const useStyles = makeStyles(theme => ({
  entry: {
    display: 'block',
    position: 'relative',
    width: '100%',
    textAlign: 'left',
    padding: theme.spacing(1),
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${theme.palette.divider}`,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  mono: { fontFamily: 'monospace' },
  /** Read by screen readers, part of the button's name, not shown. */
  visuallyHidden: {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
}));

/**
 * One application inside a matrix cell; opens its details when clicked.
 * While its agent fails, its state is unknown and the last known one is
 * given as such.
 */
export function MatrixCellEntry(props: {
  app: GitOpsApplication;
  showName: boolean;
  onSelect: (app: GitOpsApplication) => void;
  /** The failure of the application's agent, when it is failing. */
  outage?: AgentError;
}) {
  const { app, showName, onSelect, outage } = props;
  const classes = useStyles();
  const revision = revisionOf(app);
  const tag = firstImageTag(app.images);
  const since = timeSince(app.lastSyncedAt ?? app.operation?.finishedAt);
  return (
    <ButtonBase className={classes.entry} onClick={() => onSelect(app)}>
      {/* the name starts with what the button does and holds what it shows */}
      <span className={classes.visuallyHidden}>Open {app.name}</span>
      {showName && (
        <Typography variant="caption" color="textSecondary" component="div">
          {app.name} · {app.agentId}
        </Typography>
      )}
      <Typography variant="body2" className={classes.mono} title={revision}>
        {shortRevision(revision) ?? 'no revision'}
        {tag ? ` · ${tag}` : ''}
      </Typography>
      {outage ? (
        <Box my={0.5}>
          <StatusChip
            label={outageLabel(outage)}
            color={HEALTH_COLORS.Unknown}
            title={outage.message}
          />
          <Typography variant="caption" color="textSecondary" component="div">
            last known: {app.sync.status} · {app.health.status}
          </Typography>
        </Box>
      ) : (
        <Box display="flex" flexWrap="wrap" my={0.5} style={{ gap: 4 }}>
          <SyncStatusChip status={app.sync.status} revision={revision} />
          <HealthStatusChip
            status={app.health.status}
            message={app.health.message}
          />
        </Box>
      )}
      {since && (
        <Typography variant="caption" color="textSecondary">
          synced {since}
        </Typography>
      )}
    </ButtonBase>
  );
}
