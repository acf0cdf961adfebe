import { canaryRolloutSummary } from '@gitops-suite/plugin-gitops-common/testUtils';
import { normalizeRollout } from './normalizeRollout';

/*
 * A Rollout and its AnalysisRun as Argo CD's GetResource answers them
 * (shaped as Argo CD's own Rollout test data), normalized once.
 */

const steps = [
  { setWeight: 20 },
  { pause: {} },
  { setWeight: 40 },
  { pause: { duration: 10 } },
  { setWeight: 80 },
  { pause: { duration: '1h' } },
];

const rollout = (status: object, spec: object = {}) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'rollouts-demo', generation: 5 },
  spec: {
    replicas: 5,
    strategy: {
      canary: {
        canaryService: 'rollouts-demo-canary',
        stableService: 'rollouts-demo',
        trafficRouting: { smi: {} },
        steps,
      },
    },
    ...spec,
  },
  status: {
    observedGeneration: '5',
    availableReplicas: 6,
    updatedReplicas: 1,
    currentPodHash: '8566c77b97',
    stableRS: '77f4f8ff97',
    ...status,
  },
});

const run = (
  name: string,
  phase: string,
  created: string,
  extra: object = {},
) => ({
  metadata: { name, creationTimestamp: created },
  status: {
    phase,
    metricResults: [
      {
        name: 'success-rate',
        successful: 2,
        failed: phase === 'Failed' ? 1 : 0,
        measurements: [{ value: '[0.97]' }, { value: '[0.98]' }],
      },
    ],
    ...extra,
  },
});

describe('normalizeRollout', () => {
  it('reads a canary paused at a step: its steps, step index, weights and analysis', () => {
    const summary = normalizeRollout(
      rollout({
        currentStepIndex: 1,
        phase: 'Paused',
        message: 'CanaryPauseStep',
        pauseConditions: [
          { reason: 'CanaryPauseStep', startTime: '2021-07-15T21:08:55Z' },
        ],
        canary: {
          weights: { canary: { weight: 20 }, stable: { weight: 80 } },
          currentBackgroundAnalysisRunStatus: {
            name: 'rollouts-demo-8566c77b97-2',
            status: 'Running',
          },
        },
      }),
      [run('rollouts-demo-8566c77b97-2', 'Running', '2021-07-15T21:08:00Z')],
    );
    // the suite's canary at its pause after 20%, with this rollout's steps
    // and analysis
    expect(summary).toEqual(
      canaryRolloutSummary({
        steps: [
          { kind: 'setWeight', weight: 20 },
          { kind: 'pause' },
          { kind: 'setWeight', weight: 40 },
          { kind: 'pause', duration: '10s' },
          { kind: 'setWeight', weight: 80 },
          { kind: 'pause', duration: '1h' },
        ],
        stepCount: 6,
        analysis: {
          name: 'rollouts-demo-8566c77b97-2',
          phase: 'Running',
          successful: 2,
          failed: 0,
          lastValue: '[0.98]',
        },
      }),
    );
  });

  it('reads an aborted canary: weight 0, its message, the failed analysis', () => {
    const summary = normalizeRollout(
      rollout({
        currentStepIndex: 0,
        abort: true,
        phase: 'Degraded',
        message: 'RolloutAborted: Rollout aborted update to revision 3',
        canary: { weights: { canary: { weight: 0 }, stable: { weight: 100 } } },
      }),
      [
        run('older', 'Successful', '2021-07-01T00:00:00Z'),
        run('newest', 'Failed', '2021-07-15T00:00:00Z', {
          message: 'Metric "success-rate" assessed Failed',
        }),
      ],
    );
    expect(summary).toMatchObject({
      currentStepIndex: 0,
      setWeight: 0,
      actualWeight: 0,
      aborted: true,
      paused: false,
      phase: 'Degraded',
      analysis: {
        name: 'newest',
        phase: 'Failed',
        failed: 1,
        message: 'Metric "success-rate" assessed Failed',
      },
    });
  });

  it('reads a fully promoted canary at 100%, and weights from pods without traffic routing', () => {
    expect(
      normalizeRollout(
        rollout({
          currentStepIndex: 6,
          stableRS: '8566c77b97',
          phase: 'Healthy',
        }),
      ),
    ).toMatchObject({
      currentStepIndex: 6,
      setWeight: 100,
      actualWeight: 100,
      paused: false,
    });
    const basic = rollout(
      { currentStepIndex: 2, updatedReplicas: 2, availableReplicas: 8 },
      { strategy: { canary: { steps } } },
    );
    expect(normalizeRollout(basic)).toMatchObject({
      setWeight: 40,
      actualWeight: 25,
    });
  });

  it('names the analysis the status points at when its run was not read, and leaves out what it does not know', () => {
    const summary = normalizeRollout(
      rollout(
        {
          currentStepIndex: 9,
          canary: {
            currentStepAnalysisRunStatus: { name: 'inline-1', status: 'Weird' },
          },
        },
        {
          paused: true,
          strategy: { canary: { steps: [{ experiment: {} }, { bogus: 1 }] } },
        },
      ),
    );
    expect(summary).toMatchObject({
      steps: [{ kind: 'experiment' }, { kind: 'unknown' }],
      currentStepIndex: 2,
      paused: true,
      analysis: { name: 'inline-1', phase: 'Unknown' },
    });
    expect(
      normalizeRollout({ spec: { strategy: { blueGreen: {} } } }),
    ).toMatchObject({
      strategy: 'blueGreen',
      steps: [],
      stepCount: 0,
    });
  });
});
