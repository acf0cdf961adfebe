import type { RolloutSummary } from '@gitops-suite/plugin-gitops-common';

/**
 * An Argo Rollouts canary as the suite summarizes it, paused at its second
 * step (a pause after 20%) of four (20%, pause, 50%, a 10m pause), its
 * background analysis running with four successful measurements; `fields`
 * replace any of its own.
 * @public
 */
export function canaryRolloutSummary(
  fields: Partial<RolloutSummary> = {},
): RolloutSummary {
  return {
    strategy: 'canary',
    steps: [
      { kind: 'setWeight', weight: 20 },
      { kind: 'pause' },
      { kind: 'setWeight', weight: 50 },
      { kind: 'pause', duration: '10m' },
    ],
    stepCount: 4,
    currentStepIndex: 1,
    setWeight: 20,
    actualWeight: 20,
    paused: true,
    aborted: false,
    phase: 'Paused',
    message: 'CanaryPauseStep',
    analysis: {
      name: 'payments-7c9d-3',
      phase: 'Running',
      successful: 4,
      failed: 0,
      lastValue: '[0.982]',
    },
    ...fields,
  };
}
