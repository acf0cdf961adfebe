import { deployedRevision } from '@gitops-suite/plugin-gitops-common';
import type {
  ActionBlocker,
  AgentError,
  GitOpsApplication,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import ButtonBase from '@material-ui/core/ButtonBase';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import { outageLabel } from '../../lib/agentOutage';
import { firstImageTag } from '../../lib/imageTag';
import { timeSince } from '../../lib/timeSince';
import {
  HEALTH_COLORS,
  HealthStatusChip,
  SyncStatusChip,
} from '../StatusChips';
import { StatusChip } from '../StatusChips/StatusChip';
import { RolloutStatusChip, type RolloutPlace } from '../RolloutSteps';
import { ActionBlockerChips } from '../ActionBlockers';
import { CanaryChip } from '../ArgoRollout';
import { NoticeMarker } from '../ApplicationNotice';
import { ReleaseRevision } from '../SourceHydrator';
import { VisuallyHidden } from '../VisuallyHidden';
import { WrapRow } from '../WrapRow';

const useStyles = makeStyles(theme => ({
  entry: {
    position: 'relative',
    padding: theme.spacing(1),
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${theme.palette.divider}`,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  /**
   * The button that opens the application: its box stretches over the whole
   * entry, so a click anywhere opens it, while the commit link, a sibling
   * above it, stays a link of its own (no link inside a button).
   */
  open: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    position: 'static',
    '&::after': { content: '""', position: 'absolute', inset: 0 },
  },
  revision: {
    fontFamily: 'monospace',
    position: 'relative',
    zIndex: 1,
    width: 'fit-content',
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
  /** Its place in its ApplicationSet's rolling sync, when it has one. */
  rollout?: RolloutPlace;
  /** Its Argo Rollouts canary, when one is mid-rollout. */
  canary?: RolloutSummary;
  /** A running sync, a failed hydration, a closed sync window. */
  blockers?: ActionBlocker[];
}) {
  const { app, showName, onSelect, outage, rollout, canary, blockers } = props;
  const classes = useStyles();
  const { revision } = deployedRevision(app);
  const tag = firstImageTag(app.images);
  const since = timeSince(app.lastSyncedAt ?? app.operation?.finishedAt);
  return (
    <div className={classes.entry}>
      {showName && (
        <Typography variant="caption" color="textSecondary" component="div">
          {app.name} · {app.agentId}
        </Typography>
      )}
      <Typography variant="body2" component="div" className={classes.revision}>
        <ReleaseRevision app={app} fallback="no revision" />
        {tag ? ` · ${tag}` : ''}
        {app.notice && ' '}
        <NoticeMarker notice={app.notice} />
      </Typography>
      <ButtonBase className={classes.open} onClick={() => onSelect(app)}>
        {/* the name starts with what the button does and holds what it shows */}
        <VisuallyHidden>Open {app.name}</VisuallyHidden>
        {outage ? (
          <Box my={0.5} component="span" display="block">
            <StatusChip
              label={outageLabel(outage)}
              color={HEALTH_COLORS.Unknown}
              title={outage.message}
            />
            <Typography
              variant="caption"
              color="textSecondary"
              component="span"
              display="block"
            >
              last known: {app.sync.status} · {app.health.status}
            </Typography>
          </Box>
        ) : (
          <WrapRow component="span" my={0.5} gap={4}>
            <SyncStatusChip status={app.sync.status} revision={revision} />
            <HealthStatusChip
              status={app.health.status}
              message={app.health.message}
            />
            {rollout && rollout.status !== 'Healthy' && (
              <RolloutStatusChip place={rollout} withStep />
            )}
            <CanaryChip rollout={canary} />
            <ActionBlockerChips blockers={blockers} />
          </WrapRow>
        )}
        {since && (
          <Typography variant="caption" color="textSecondary" component="span">
            synced {since}
          </Typography>
        )}
      </ButtonBase>
    </div>
  );
}
