import { Sandbox, SandboxAgentInfo, startSandbox } from '../../startSandbox';
import { ScenarioInput } from '../../scenario/schema';
import { smallScenario } from '../../testing/smallScenario';
import { swaggerStrict } from '../../testing/swaggerValidator';
import { argoClient, controlClient, eventually, harnessClient } from '../../testing/testClients';

/*
 * An Argo Rollouts canary on both APIs: the Rollout in the resource tree
 * (steps, step index, weights, phase and message), its ReplicaSets and
 * AnalysisRun, Argo CD's health and resource actions for it, and the
 * rollout controller moving it through its steps on the sandbox's clock.
 */

const STEPS = [{ setWeight: 20 }, { pause: {} }, { setWeight: 50 }, { pause: { duration: '1s' } }];

function scenario(argoCdVersion?: string): ScenarioInput {
  const base = smallScenario();
  return {
    ...base,
    services: [
      ...base.services!,
      {
        name: 'pay',
        repo: 'https://github.com/acme/pay-deploy.git',
        project: 'shop',
        agents: ['argo', 'hx'],
        replicas: 4,
        rollout: { steps: STEPS },
        overrides: { prod: { rolloutStep: 1 }, dev: { rolloutStep: 1 } },
      },
    ],
    agents: base.agents!.map(agent =>
      agent.id === 'argo' && argoCdVersion ? { ...agent, version: argoCdVersion } : agent,
    ),
  };
}

let sandbox: Sandbox;
let argo: SandboxAgentInfo;
let hx: SandboxAgentInfo;

async function start(argoCdVersion?: string) {
  sandbox = await startSandbox({ scenario: scenario(argoCdVersion), log: () => {} });
  argo = sandbox.agent('argo');
  hx = sandbox.agent('hx');
}

afterEach(() => sandbox?.close());

const HX_APPS = '/gitops/api/v1/agents/hxagent/applications';
const ACTIONS = `/api/v1/applications/pay-prod/resource/actions?namespace=pay-prod&resourceName=pay&version=v1alpha1&group=argoproj.io&kind=Rollout`;

/** The live Rollout, as GetResource answers it. */
async function liveRollout(client = argoClient(argo), app = 'pay-prod') {
  const res = await client.get(
    `/api/v1/applications/${app}/resource?namespace=${app}&resourceName=pay&version=v1alpha1&group=argoproj.io&kind=Rollout`,
  );
  expect(res.status).toBe(200);
  return JSON.parse(res.json.manifest);
}

const actions = async (client = argoClient(argo)) =>
  Object.fromEntries(((await client.get(ACTIONS)).json.actions as any[]).map(a => [a.name, a.disabled]));

describe('an Argo Rollouts canary on Argo CD', () => {
  beforeEach(() => start());

  it('is in the resource tree: the Rollout (Suspended at its pause step), both ReplicaSets, the AnalysisRun', async () => {
    const client = argoClient(argo);
    const tree = await client.get('/api/v1/applications/pay-prod/resource-tree');
    expect(swaggerStrict().errors('v1alpha1ApplicationTree', tree.json)).toEqual([]);
    const nodes = tree.json.nodes as any[];
    const rollout = nodes.find(n => n.kind === 'Rollout');
    expect(rollout).toMatchObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      name: 'pay',
      health: { status: 'Suspended', message: 'CanaryPauseStep' },
    });
    expect(nodes.some(n => n.kind === 'Deployment')).toBe(false);
    const children = nodes.filter(n => n.parentRefs?.[0]?.uid === rollout.uid);
    expect(children.map(n => n.kind).sort()).toEqual(['AnalysisRun', 'ReplicaSet', 'ReplicaSet']);
    const analysis = children.find(n => n.kind === 'AnalysisRun');
    expect(analysis.health).toEqual({ status: 'Progressing', message: 'Analysis run is running' });
    // 4 stable pods and one canary pod (20% of 4, rounded up)
    const pods = (rs: any) => nodes.filter(n => n.kind === 'Pod' && n.parentRefs[0].uid === rs.uid).length;
    expect(children.filter(n => n.kind === 'ReplicaSet').map(pods).sort()).toEqual([1, 4]);

    const live = await liveRollout(client);
    expect(live.apiVersion).toBe('argoproj.io/v1alpha1');
    expect(live.spec.strategy.canary.steps).toEqual(STEPS);
    expect(live.status).toMatchObject({
      currentStepIndex: 1,
      phase: 'Paused',
      message: 'CanaryPauseStep',
      controllerPause: true,
      pauseConditions: [{ reason: 'CanaryPauseStep' }],
      canary: {
        weights: { canary: { weight: 20, serviceName: 'pay-canary' }, stable: { weight: 80, serviceName: 'pay' } },
        currentBackgroundAnalysisRunStatus: { name: analysis.name, status: 'Running' },
      },
    });
    expect(live.status.stableRS).not.toBe(live.status.currentPodHash);
    // the application is as healthy as its Rollout, and runs both images
    const app = (await client.get('/api/v1/applications/pay-prod')).json;
    expect(app.status.health.status).toBe('Suspended');
    expect(app.status.summary.images).toHaveLength(2);
    expect(app.status.resources.map((r: any) => r.kind)).toEqual(
      expect.arrayContaining(['Rollout', 'AnalysisTemplate', 'Service']),
    );

    const run = await client.get(
      `/api/v1/applications/pay-prod/resource?namespace=pay-prod&resourceName=${analysis.name}&version=v1alpha1&group=argoproj.io&kind=AnalysisRun`,
    );
    expect(run.status).toBe(200);
    const object = JSON.parse(run.json.manifest);
    expect(object.status.phase).toBe('Running');
    expect(object.status.metricResults[0]).toMatchObject({ name: 'success-rate', phase: 'Running' });
    expect(object.status.metricResults[0].measurements[0]).toMatchObject({ phase: 'Successful' });
    expect(object.metadata.ownerReferences[0]).toMatchObject({ kind: 'Rollout', name: 'pay', uid: rollout.uid });
  });

  it("lists Argo CD 2.x's built-in Rollout actions: resume while paused, abort and promote-full mid-canary", async () => {
    const list = await argoClient(argo).get(ACTIONS);
    expect(list.status).toBe(200);
    expect(swaggerStrict().errors('applicationResourceActionsListResponse', list.json)).toEqual([]);
    expect(list.json.actions).toEqual([
      { name: 'abort', disabled: false },
      { name: 'promote-full', disabled: false },
      { name: 'restart', disabled: false, displayName: 'Restart Pods' },
      { name: 'resume', disabled: false },
      { name: 'retry', disabled: true },
    ]);
  });

  it('resume promotes past the pause: 50%, a timed pause, then fully promoted (Healthy, analysis Successful)', async () => {
    const client = argoClient(argo);
    const run = await client.post(ACTIONS, 'resume');
    expect(run.status).toBe(200);
    // at once: the pause step is done, the canary scales to 50%
    expect((await liveRollout(client)).status).toMatchObject({ currentStepIndex: 2, phase: 'Progressing' });
    const paused = await eventually(async () => {
      const live = await liveRollout(client);
      expect(live.status).toMatchObject({ currentStepIndex: 3, phase: 'Paused' });
      return live;
    });
    expect(paused.status.canary.weights.canary.weight).toBe(50);
    // the timed pause (1s) runs out on its own
    const done = await eventually(async () => {
      const live = await liveRollout(client);
      expect(live.status).toMatchObject({ currentStepIndex: 4, phase: 'Healthy' });
      return live;
    }, 5000);
    expect(done.status.stableRS).toBe(done.status.currentPodHash);
    expect(done.status.canary.currentBackgroundAnalysisRunStatus.status).toBe('Successful');
    const app = (await client.get('/api/v1/applications/pay-prod')).json;
    expect(app.status.health.status).toBe('Healthy');
    expect(app.status.summary.images).toHaveLength(1);
    expect(await actions(client)).toMatchObject({ abort: true, retry: true, 'promote-full': true, resume: true });
  });

  it('abort sends all traffic back to the stable (Degraded, weight 0, step 0); retry starts the steps again', async () => {
    const client = argoClient(argo);
    await client.post(ACTIONS, 'abort');
    const aborted = await liveRollout(client);
    expect(aborted.status).toMatchObject({
      abort: true,
      currentStepIndex: 0,
      phase: 'Degraded',
      message: 'RolloutAborted: Rollout aborted update to revision 3',
      canary: { weights: { canary: { weight: 0 }, stable: { weight: 100 } } },
    });
    expect(aborted.status.pauseConditions).toBeUndefined();
    const tree = (await client.get('/api/v1/applications/pay-prod/resource-tree')).json.nodes as any[];
    expect(tree.find(n => n.kind === 'Rollout').health).toEqual({
      status: 'Degraded',
      message: 'RolloutAborted: Rollout aborted update to revision 3',
    });
    expect((await client.get('/api/v1/applications/pay-prod')).json.status.health.status).toBe('Degraded');
    expect(await actions(client)).toMatchObject({ abort: true, retry: false, resume: true });

    await client.post(ACTIONS, 'retry');
    const retried = await liveRollout(client);
    expect(retried.status.abort).toBeUndefined();
    expect(retried.status.currentStepIndex).toBe(0);
    expect(retried.status.canary.currentBackgroundAnalysisRunStatus.name).toMatch(/-3\.1$/);
    // step 0 sets 20%, then step 1 pauses again
    await eventually(async () =>
      expect((await liveRollout(client)).status).toMatchObject({
        currentStepIndex: 1,
        phase: 'Paused',
        canary: { weights: { canary: { weight: 20 } } },
      }),
    );
  });

  it('promote-full skips the remaining steps', async () => {
    const client = argoClient(argo);
    await client.post(ACTIONS, 'promote-full');
    expect((await liveRollout(client)).status).toMatchObject({ promoteFull: true, phase: 'Progressing' });
    await eventually(async () =>
      expect((await liveRollout(client)).status).toMatchObject({ currentStepIndex: 4, phase: 'Healthy' }),
    );
    expect((await client.get('/api/v1/applications/pay-prod')).json.status.health.status).toBe('Healthy');
  });

  it('restart stamps spec.restartAt, and the controller records it', async () => {
    const client = argoClient(argo);
    await client.post(ACTIONS, 'restart');
    const live = await liveRollout(client);
    expect(Date.parse(live.spec.restartAt)).toBeGreaterThan(Date.now() - 60_000);
    await eventually(async () => expect((await liveRollout(client)).status.restartedAt).toBe(live.spec.restartAt));
  });

  it('a sync of a new revision starts a canary from step 0', async () => {
    const control = controlClient(argo);
    const client = argoClient(argo);
    // fully promoted first
    await control.post('/rollout', { application: 'pay-prod', step: 4 });
    expect((await liveRollout(client)).status.phase).toBe('Healthy');
    await control.post('/commit', { application: 'pay-prod', refresh: true });
    const sync = await client.post('/api/v1/applications/pay-prod/sync', {});
    expect(sync.status).toBe(200);
    const started = await eventually(async () => {
      const live = await liveRollout(client);
      expect(live.status.currentStepIndex).toBeLessThan(2);
      expect(live.status.stableRS).not.toBe(live.status.currentPodHash);
      return live;
    });
    expect(started.metadata.annotations['rollout.argoproj.io/revision']).toBe('4');
    await eventually(async () => expect((await liveRollout(client)).status).toMatchObject({ currentStepIndex: 1, phase: 'Paused' }));
  });

  it('the control API puts the canary at a step, and a failed analysis aborts it', async () => {
    const control = controlClient(argo);
    const at = await control.post('/rollout', { application: 'pay-prod', step: 3 });
    expect(at.status).toBe(200);
    expect(at.json).toMatchObject({ step: 3, steps: 4, setWeight: 50, weight: 50, phase: 'Paused', paused: true });
    const failed = await control.post('/rollout', { application: 'pay-prod', analysis: 'Failed' });
    expect(failed.json).toMatchObject({ aborted: true, step: 0, weight: 0, analysis: 'Failed', phase: 'Degraded' });
    expect(failed.json.message).toBe(
      'RolloutAborted: Rollout aborted update to revision 3: Metric "success-rate" assessed Failed due to failed (1) > failureLimit (0)',
    );
    const tree = (await argoClient(argo).get('/api/v1/applications/pay-prod/resource-tree')).json.nodes as any[];
    expect(tree.find(n => n.kind === 'AnalysisRun').health.status).toBe('Degraded');

    const bad = await control.post('/rollout', { application: 'pay-prod', step: 9 });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('step must be an integer from 0 to 4');
    const none = await control.post('/rollout', { application: 'web-prod', step: 1 });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('application web-prod has no Rollout');
  });
});

describe('Argo CD 3.1 adds pause and skip-current-step', () => {
  beforeEach(() => start('v3.1.8+becb020'));

  it('lists them, and skip-current-step moves past the pause', async () => {
    const client = argoClient(argo);
    expect(await actions(client)).toEqual({
      abort: false,
      pause: false,
      'promote-full': false,
      restart: false,
      resume: false,
      retry: true,
      'skip-current-step': false,
    });
    await client.post(ACTIONS, 'skip-current-step');
    expect((await liveRollout(client)).status.currentStepIndex).toBe(2);
    await client.post(ACTIONS, 'pause');
    const paused = await liveRollout(client);
    expect(paused.spec.paused).toBe(true);
    expect(paused.status).toMatchObject({ phase: 'Paused', message: 'manually paused' });
  });
});

describe('an Argo Rollouts canary on Harness', () => {
  beforeEach(() => start());

  it('lists and runs its actions through the SDK operations', async () => {
    const client = harnessClient(hx);
    const query = 'request.namespace=pay-dev&request.resourceName=pay&request.version=v1alpha1&request.group=argoproj.io&request.kind=Rollout';
    const list = await client.get(`${HX_APPS}/pay-dev/resource/actions?${query}`);
    expect(list.status).toBe(200);
    expect(list.json.actions.map((a: any) => a.name)).toEqual(['abort', 'promote-full', 'restart', 'resume', 'retry']);
    const body = { name: 'pay-dev', namespace: 'pay-dev', resourceName: 'pay', version: 'v1alpha1', group: 'argoproj.io', kind: 'Rollout' };
    const run = await client.post(`${HX_APPS}/pay-dev/resource/actions`, { ...body, action: 'resume' });
    expect(run.status).toBe(200);
    const tree = (await client.get(`${HX_APPS}/pay-dev/resource-tree`)).json.nodes as any[];
    expect(tree.find(n => n.kind === 'Rollout').health.status).toBe('Progressing');
    const resource = await client.get(
      `${HX_APPS}/pay-dev/resource?request.namespace=pay-dev&request.resourceName=pay&request.version=v1alpha1&request.group=argoproj.io&request.kind=Rollout`,
    );
    expect(resource.status).toBe(200);
    expect(JSON.parse(resource.json.manifest).status.currentStepIndex).toBe(2);
  });
});
