import type { RolloutStep, RolloutSummary } from '../types';

/**
 * Where an Argo Rollouts canary stands while it is mid-rollout.
 * @public
 */
export interface RolloutProgress {
  /** The step under way, from 1. */
  step: number;
  /** How many steps the canary has. */
  steps: number;
  /** What the step under way does. */
  stepKind: RolloutStep['kind'];
  /** The canary's share of traffic now (percent). */
  weight: number;
  /** Waiting at a pause, moving between steps, or aborted (all traffic back on the stable). */
  state: 'paused' | 'progressing' | 'aborted';
}

/**
 * The one rule for "mid-rollout": a canary with steps whose last step is
 * not done yet, or that was aborted before it was (a blue-green Rollout
 * and a fully promoted canary are not). Answers where it stands, or
 * undefined. The matrix, the applications table and the drawer all ask it.
 * @public
 */
export function rolloutProgress(
  rollout: RolloutSummary | undefined,
): RolloutProgress | undefined {
  if (!rollout || rollout.strategy !== 'canary' || rollout.stepCount === 0) {
    return undefined;
  }
  if (!rollout.aborted && rollout.currentStepIndex >= rollout.stepCount) {
    return undefined;
  }
  const index = Math.max(
    0,
    Math.min(rollout.currentStepIndex, rollout.stepCount - 1),
  );
  let state: RolloutProgress['state'] = 'progressing';
  if (rollout.aborted) state = 'aborted';
  else if (rollout.paused) state = 'paused';
  return {
    step: index + 1,
    steps: rollout.stepCount,
    stepKind: rollout.steps[index]?.kind ?? 'unknown',
    weight: rollout.actualWeight,
    state,
  };
}

/**
 * Whether a Rollout is mid-rollout (see {@link rolloutProgress}).
 * @public
 */
export function isMidRollout(rollout: RolloutSummary | undefined): boolean {
  return rolloutProgress(rollout) !== undefined;
}

/**
 * A canary's progress in a few words: `Canary step 2/4 · 20%`, or
 * `Canary aborted · 0%`.
 * @public
 */
export function rolloutProgressLabel(progress: RolloutProgress): string {
  if (progress.state === 'aborted') {
    return `Canary aborted · ${progress.weight}%`;
  }
  return `Canary step ${progress.step}/${progress.steps} · ${progress.weight}%`;
}
