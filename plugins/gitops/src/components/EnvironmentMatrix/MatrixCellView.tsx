import type {
  ActionBlocker,
  AgentError,
  GitOpsApplication,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { MatrixCell } from '../../lib/buildMatrix';
import { MatrixCellEntry } from './MatrixCellEntry';
import { PromotionBadge } from './PromotionBadge';
import { rolloutPlaceOf, type RolloutPlace } from '../RolloutSteps';

/** One environment of one service: its applications, or a dash. */
export function MatrixCellView(props: {
  cell: MatrixCell;
  onSelect: (app: GitOpsApplication) => void;
  /** Failing agents, by id. */
  unreachable?: Map<string, AgentError>;
  /** Rolling-sync places of the applications (see rolloutPlaces). */
  rollouts?: Map<string, RolloutPlace>;
  /** Argo Rollouts canaries mid-rollout, by application key. */
  canaries?: Map<string, RolloutSummary>;
  /** What should stop someone acting on each application, by key. */
  blockers?: Map<string, ActionBlocker[]>;
}) {
  const { cell, onSelect, unreachable, rollouts, canaries, blockers } = props;
  if (cell.applications.length === 0) {
    return (
      <Typography color="textSecondary" aria-label="not deployed">
        —
      </Typography>
    );
  }
  return (
    <Box display="flex" flexDirection="column" style={{ gap: 4 }}>
      <PromotionBadge promotion={cell.promotion} />
      {cell.applications.map(app => (
        <MatrixCellEntry
          key={app.key}
          app={app}
          showName={cell.applications.length > 1}
          onSelect={onSelect}
          outage={unreachable?.get(app.agentId)}
          rollout={rolloutPlaceOf(rollouts, app)}
          canary={canaries?.get(app.key)}
          blockers={blockers?.get(app.key)}
        />
      ))}
    </Box>
  );
}
