import { rolloutDiscovery, argoCdAtLeast } from './rolloutActions';
import { analysisRunHealth, rolloutHealth, rolloutPhase } from './rolloutHealth';
import { pauseDurationMs, weightAtStep } from './rolloutModel';

/*
 * The ports of Argo CD's built-in Rollout and AnalysisRun customizations
 * (health.lua, actions/discovery.lua) and of the rollouts controller's
 * phase, on live objects shaped as their test data (health_test.yaml,
 * action_test.yaml) has them.
 */

const canary = (status: object, spec: object = {}, generation = 5) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'rollouts-demo', generation },
  spec: {
    replicas: 5,
    strategy: { canary: { steps: [{ setWeight: 20 }, { pause: {} }, { setWeight: 40 }, { pause: { duration: 10 } }] } },
    ...spec,
  },
  status: { observedGeneration: String(generation), ...status },
});

describe("Argo CD's Rollout health (health.lua)", () => {
  it('maps a v1.0+ phase: Paused is Suspended, with the controller message', () => {
    expect(rolloutHealth(canary({ phase: 'Paused', message: 'CanaryPauseStep' }))).toEqual({
      status: 'Suspended',
      message: 'CanaryPauseStep',
    });
    expect(rolloutHealth(canary({ phase: 'Progressing', message: 'more replicas need to be updated' }))).toEqual({
      status: 'Progressing',
      message: 'more replicas need to be updated',
    });
    expect(
      rolloutHealth(canary({ phase: 'Degraded', message: 'RolloutAborted: Rollout aborted update to revision 2' })),
    ).toEqual({ status: 'Degraded', message: 'RolloutAborted: Rollout aborted update to revision 2' });
  });

  it('is Progressing while the controller has not observed the spec', () => {
    expect(rolloutHealth(canary({ phase: 'Healthy', observedGeneration: '4' }))).toEqual({
      status: 'Progressing',
      message: 'Waiting for rollout spec update to be observed',
    });
    // a v0.9 rollout's hash-valued observedGeneration counts as observed
    expect(rolloutHealth(canary({ phase: 'Healthy', message: '', observedGeneration: '6df79499bc' })).status).toBe(
      'Healthy',
    );
    expect(rolloutHealth({ metadata: { generation: 1 }, spec: {} }).status).toBe('Progressing');
  });

  it('reads the conditions and the pause of a rollout without a phase (before v1.0)', () => {
    const aborted = canary({
      conditions: [{ type: 'Progressing', reason: 'RolloutAborted', message: 'Rollout is aborted' }],
    });
    expect(rolloutHealth(aborted)).toEqual({ status: 'Degraded', message: 'Rollout is aborted' });
    expect(rolloutHealth(canary({ pauseConditions: [{ reason: 'CanaryPauseStep' }] }))).toEqual({
      status: 'Suspended',
      message: 'Rollout is paused',
    });
    expect(rolloutHealth(canary({}, { paused: true })).status).toBe('Suspended');
    expect(rolloutHealth(canary({})).message).toBe('Waiting for rollout to finish: status has not been reconciled.');
    const steps = canary({ currentPodHash: 'b', stableRS: 'a', replicas: 5, updatedReplicas: 5, availableReplicas: 5 });
    expect(rolloutHealth(steps)).toEqual({ status: 'Progressing', message: 'Waiting for rollout to finish steps' });
    const done = canary({ currentPodHash: 'b', stableRS: 'b', replicas: 5, updatedReplicas: 5, availableReplicas: 5 });
    expect(rolloutHealth(done)).toEqual({ status: 'Healthy', message: '' });
  });
});

describe("the rollouts controller's phase", () => {
  const spec = canary({}).spec;

  it('is Degraded when aborted, Paused at a pause, Progressing until every step is done', () => {
    expect(
      rolloutPhase(spec, {
        conditions: [{ type: 'Progressing', reason: 'RolloutAborted', message: 'Rollout aborted update to revision 2' }],
      }),
    ).toEqual({ phase: 'Degraded', message: 'RolloutAborted: Rollout aborted update to revision 2' });
    expect(rolloutPhase({ ...spec, paused: true }, {})).toEqual({ phase: 'Paused', message: 'manually paused' });
    expect(rolloutPhase(spec, { pauseConditions: [{ reason: 'CanaryPauseStep' }] })).toEqual({
      phase: 'Paused',
      message: 'CanaryPauseStep',
    });
    expect(rolloutPhase(spec, { updatedReplicas: 1, replicas: 6 })).toEqual({
      phase: 'Progressing',
      message: 'more replicas need to be updated',
    });
    expect(
      rolloutPhase(spec, { updatedReplicas: 5, availableReplicas: 5, replicas: 5, stableRS: 'a', currentPodHash: 'b' }),
    ).toEqual({ phase: 'Progressing', message: 'waiting for all steps to complete' });
    expect(
      rolloutPhase(spec, { updatedReplicas: 5, availableReplicas: 5, replicas: 5, stableRS: 'b', currentPodHash: 'b' }),
    ).toEqual({ phase: 'Healthy', message: '' });
  });
});

describe("Argo CD's AnalysisRun health", () => {
  it.each([
    ['Running', 'Progressing', 'Analysis run is running'],
    ['Pending', 'Progressing', 'Analysis run is running'],
    ['Successful', 'Healthy', 'Analysis run completed successfully'],
    ['Failed', 'Degraded', 'Analysis run failed'],
    ['Error', 'Degraded', 'Analysis run had an error'],
    ['Inconclusive', 'Unknown', 'Analysis run was inconclusive'],
  ])('%s is %s', (phase, status, message) => {
    expect(analysisRunHealth({ status: { phase } })).toEqual({ status, message });
  });

  it('carries the run status message, and waits for a status', () => {
    expect(analysisRunHealth({ status: { phase: 'Failed', message: 'Metric "x" assessed Failed' } })).toEqual({
      status: 'Degraded',
      message: 'Metric "x" assessed Failed',
    });
    expect(analysisRunHealth({}).status).toBe('Progressing');
  });
});

describe("Argo CD's Rollout actions (discovery.lua)", () => {
  const names = (live: object, version = 'v2.14.11+8283115') =>
    Object.fromEntries(rolloutDiscovery(live, version).map(a => [a.name, a.disabled]));

  it('offers resume while paused, abort and promote-full mid-canary, retry once aborted', () => {
    const paused = canary({ pauseConditions: [{ reason: 'CanaryPauseStep' }], currentPodHash: 'b', stableRS: 'a' });
    expect(names(paused)).toEqual({ abort: false, 'promote-full': false, restart: false, resume: false, retry: true });
    const aborted = canary({ abort: true, currentPodHash: 'b', stableRS: 'a' });
    expect(names(aborted)).toMatchObject({ abort: true, retry: false, resume: true });
    const done = canary({ currentPodHash: 'b', stableRS: 'b' });
    expect(names(done)).toEqual({ abort: true, 'promote-full': true, restart: false, resume: true, retry: true });
    // spec.paused counts only without status.pauseConditions
    expect(names(canary({ currentPodHash: 'b', stableRS: 'a' }, { paused: true })).resume).toBe(false);
    expect(rolloutDiscovery(done, 'v2.14.11').find(a => a.name === 'restart')).toMatchObject({
      displayName: 'Restart Pods',
    });
  });

  it('offers full promotion of a v0.9 canary only, not a blue-green', () => {
    const legacy = (strategy: object) =>
      canary({ observedGeneration: '6df79499bc', currentPodHash: 'b', stableRS: 'a' }, { strategy });
    expect(names(legacy({ canary: { steps: [] } }))['promote-full']).toBe(false);
    expect(names(legacy({ blueGreen: {} }))['promote-full']).toBe(true);
  });

  it('adds pause and skip-current-step from Argo CD 3.1', () => {
    const midway = canary({ currentPodHash: 'b', stableRS: 'a', currentStepIndex: 2 });
    expect(names(midway, 'v3.1.0')).toMatchObject({ pause: false, 'skip-current-step': false });
    const last = canary({ currentPodHash: 'b', stableRS: 'a', currentStepIndex: 4 });
    expect(names(last, 'v3.1.0')['skip-current-step']).toBe(true);
    expect(names(midway, 'v3.0.12')).not.toHaveProperty('pause');
    expect(argoCdAtLeast('v3.10.0', 3, 1)).toBe(true);
    expect(argoCdAtLeast('v2.14.11+8283115', 3, 1)).toBe(false);
  });
});

describe('canary steps', () => {
  it('reads pause durations as Argo Rollouts does (seconds, or with a unit)', () => {
    expect(pauseDurationMs({ pause: { duration: 10 } })).toBe(10_000);
    expect(pauseDurationMs({ pause: { duration: '30s' } })).toBe(30_000);
    expect(pauseDurationMs({ pause: { duration: '5m' } })).toBe(300_000);
    expect(pauseDurationMs({ pause: { duration: '1h' } })).toBe(3_600_000);
    expect(pauseDurationMs({ pause: {} })).toBeUndefined();
  });

  it('sets the weight of the last setWeight at or before the step, 100 past the last', () => {
    const steps = [{ setWeight: 20 }, { pause: {} }, { setWeight: 50 }, { pause: {} }];
    expect([0, 1, 2, 3, 4].map(i => weightAtStep(steps, i))).toEqual([20, 20, 50, 50, 100]);
    expect(weightAtStep([{ pause: {} }], 0)).toBe(0);
  });
});
