import {
  rolloutProgress,
  rolloutProgressLabel,
} from '@gitops-suite/plugin-gitops-common';
import type { RolloutSummary } from '@gitops-suite/plugin-gitops-common';
import { HEALTH_COLORS, StatusChip } from '../StatusChips';

const COLORS = {
  paused: HEALTH_COLORS.Suspended,
  progressing: HEALTH_COLORS.Progressing,
  aborted: HEALTH_COLORS.Degraded,
};

/**
 * A canary that is mid-rollout (gitops-common's one rule), as a chip:
 * `Canary step 2/4 · 20%`; nothing for one that is not.
 */
export function CanaryChip(props: { rollout?: RolloutSummary }) {
  const { rollout } = props;
  const progress = rolloutProgress(rollout);
  if (!rollout || !progress) return null;
  const label = rolloutProgressLabel(progress);
  return (
    <StatusChip
      label={label}
      color={COLORS[progress.state]}
      title={rollout.message ? `${label}: ${rollout.message}` : label}
    />
  );
}
