import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { swaggerStrict } from '../testing/swaggerValidator';
import { argoClient, controlClient, eventually, harnessClient } from '../testing/testClients';

/*
 * Terminating a running operation and resource actions, on both APIs: the
 * answers as Argo CD's swagger defines them, and the state they change.
 */

let sandbox: Sandbox;
let argo: SandboxAgentInfo;
let hx: SandboxAgentInfo;

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
  hx = sandbox.agent('hx');
});

afterEach(() => sandbox.close());

function expectValid(definition: string, payload: unknown) {
  expect(swaggerStrict().errors(definition, payload)).toEqual([]);
}

const HX_APPS = '/gitops/api/v1/agents/hxagent/applications';

/** The app's Deployment and its ReplicaSet as the resource tree shows them. */
async function workload(get: (p: string) => Promise<{ json: any }>, treePath: string) {
  const nodes = (await get(treePath)).json.nodes as any[];
  const deployment = nodes.find(n => n.kind === 'Deployment');
  const replicaSet = nodes.find(n => n.kind === 'ReplicaSet');
  return { deployment, replicaSet };
}

describe('terminate a running operation', () => {
  it('holds a sync Running through the control API, and Argo CD terminates it', async () => {
    const control = controlClient(argo);
    const held = await control.post('/hold-operations', { application: 'web-prod', sync: true });
    expect(held.json).toMatchObject({ application: 'web-prod', held: true, operation: { phase: 'Running' } });
    const client = argoClient(argo);
    // held: still Running well after the sync's duration
    await new Promise(r => setTimeout(r, 200));
    expect((await client.get('/api/v1/applications/web-prod')).json.status.operationState.phase).toBe('Running');

    const terminated = await client.delete('/api/v1/applications/web-prod/operation?project=shop');
    expect(terminated.status).toBe(200);
    expectValid('applicationOperationTerminateResponse', terminated.json);
    const app = await eventually(async () => {
      const current = (await client.get('/api/v1/applications/web-prod')).json;
      expect(current.status.operationState.phase).toBe('Failed');
      return current;
    });
    expect(app.status.operationState.message).toBe('Operation terminated');
    expect(app.operation).toBeUndefined();

    const again = await client.delete('/api/v1/applications/web-prod/operation');
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Unable to terminate operation. No operation is in progress');
  });

  it('releasing a hold lets the operation finish', async () => {
    sandbox.holdOperations('argo', 'web-prod', { sync: true });
    const client = argoClient(argo);
    await new Promise(r => setTimeout(r, 150));
    expect((await client.get('/api/v1/applications/web-prod')).json.status.operationState.phase).toBe('Running');
    sandbox.holdOperations('argo', 'web-prod', { hold: false });
    expect((await client.get('/api/v1/applications/web-prod')).json.status.operationState.phase).toBe('Succeeded');
  });

  it('terminates through AgentApplicationServiceTerminateOperation on Harness', async () => {
    sandbox.holdOperations('hx', 'risk-prod', { sync: true });
    const client = harnessClient(hx);
    const terminated = await client.delete(`${HX_APPS}/risk-prod/operation`);
    expect(terminated.status).toBe(200);
    expect(terminated.json).toEqual({});
    await eventually(async () => {
      const app = (await client.get(`${HX_APPS}/risk-prod`)).json;
      expect((app.app ?? app).status.operationState).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    });
    const none = await client.delete(`${HX_APPS}/risk-prod/operation`);
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('Unable to terminate operation. No operation is in progress');
    // the SDK's operation takes the scope only
    const extra = await client.delete(`${HX_APPS}/risk-prod/operation?request.project=shop`);
    expect(extra.status).toBe(400);
    expect(extra.json.message).toContain("query parameter 'request.project' is not a parameter of AgentApplicationServiceTerminateOperation");
  });

  it('refuses a read-only token (403)', async () => {
    sandbox.holdOperations('argo', 'web-prod', { sync: true });
    const res = await argoClient(argo, 'reader-token-123').delete('/api/v1/applications/web-prod/operation');
    expect(res.status).toBe(403);
  });
});

describe('resource actions', () => {
  it("lists Argo CD's built-in actions of a Deployment, and none for a Service", async () => {
    const client = argoClient(argo);
    const { deployment } = await workload(client.get, '/api/v1/applications/web-prod/resource-tree');
    const query = `namespace=${deployment.namespace}&resourceName=${deployment.name}&version=v1&group=apps&kind=Deployment`;
    const list = await client.get(`/api/v1/applications/web-prod/resource/actions?${query}`);
    expect(list.status).toBe(200);
    expectValid('applicationResourceActionsListResponse', list.json);
    expect(list.json.actions.map((a: any) => [a.name, a.disabled])).toEqual([
      ['pause', false],
      ['restart', false],
      ['resume', true],
    ]);
    const service = await client.get(
      `/api/v1/applications/web-prod/resource/actions?namespace=${deployment.namespace}&resourceName=web&version=v1&group=&kind=Service`,
    );
    expect(service.json).toEqual({ actions: [] });
    const missing = await client.get(
      `/api/v1/applications/web-prod/resource/actions?namespace=${deployment.namespace}&resourceName=nope&version=v1&group=apps&kind=Deployment`,
    );
    expect(missing.status).toBe(404);
  });

  it('lists no actions, and no 404, for a Pod the controller made (it is in the tree)', async () => {
    const client = argoClient(argo);
    const tree = (await client.get('/api/v1/applications/web-prod/resource-tree')).json;
    const pod = tree.nodes.find((n: any) => n.kind === 'Pod');
    expect(pod).toBeDefined();
    const list = await client.get(
      `/api/v1/applications/web-prod/resource/actions?namespace=${pod.namespace}&resourceName=${pod.name}&version=v1&group=&kind=Pod`,
    );
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ actions: [] });
    const gone = await client.get(
      `/api/v1/applications/web-prod/resource/actions?namespace=${pod.namespace}&resourceName=${pod.name}-gone&version=v1&group=&kind=Pod`,
    );
    expect(gone.status).toBe(404);
  });

  it('restarts a Deployment on Argo CD: a restartedAt stamp and a new ReplicaSet revision', async () => {
    const client = argoClient(argo);
    const tree = '/api/v1/applications/web-prod/resource-tree';
    const before = await workload(client.get, tree);
    const query = `namespace=${before.deployment.namespace}&resourceName=${before.deployment.name}&version=v1&group=apps&kind=Deployment`;
    const run = await client.post(`/api/v1/applications/web-prod/resource/actions?${query}`, 'restart');
    expect(run.status).toBe(200);
    expectValid('applicationApplicationResponse', run.json);
    const after = await workload(client.get, tree);
    expect(after.replicaSet.name).not.toBe(before.replicaSet.name);
    const revision = (rs: any) => Number(/Rev:(\d+)/.exec(rs.info[0].value)![1]);
    expect(revision(after.replicaSet)).toBe(revision(before.replicaSet) + 1);
    const managed = (await client.get('/api/v1/applications/web-prod/managed-resources?kind=Deployment')).json.items[0];
    const live = JSON.parse(managed.liveState);
    expect(Date.parse(live.spec.template.metadata.annotations['kubectl.kubernetes.io/restartedAt'])).toBeGreaterThan(
      Date.now() - 60_000,
    );
    // a restart is no drift from git
    expect(managed.modified).toBe(false);

    const unknown = await client.post(`/api/v1/applications/web-prod/resource/actions?${query}`, 'explode');
    expect(unknown.status).toBe(500);
    expect(unknown.json.message).toBe('error getting Lua resource action: built-in script does not exist');
    const notAString = await client.post(`/api/v1/applications/web-prod/resource/actions?${query}`, { action: 'restart' });
    expect(notAString.status).toBe(400);
    const readOnly = await argoClient(argo, 'reader-token-123').post(
      `/api/v1/applications/web-prod/resource/actions?${query}`,
      'restart',
    );
    expect(readOnly.status).toBe(403);
  });

  it('pauses and resumes a Deployment', async () => {
    const client = argoClient(argo);
    const { deployment } = await workload(client.get, '/api/v1/applications/web-prod/resource-tree');
    const path = `/api/v1/applications/web-prod/resource/actions?namespace=${deployment.namespace}&resourceName=${deployment.name}&version=v1&group=apps&kind=Deployment`;
    await client.post(path, 'pause');
    expect((await client.get(path)).json.actions.map((a: any) => [a.name, a.disabled])).toEqual([
      ['pause', true],
      ['restart', false],
      ['resume', false],
    ]);
    expect((await client.get('/api/v1/applications/web-prod')).json.status.health.status).toBe('Suspended');
    await client.post(path, 'resume');
    expect((await client.get('/api/v1/applications/web-prod')).json.status.health.status).toBe('Healthy');
  });

  it('lists and runs actions through the Harness SDK operations', async () => {
    const client = harnessClient(hx);
    const tree = `${HX_APPS}/risk-prod/resource-tree`;
    const before = await workload(client.get, tree);
    const d = before.deployment;
    const list = await client.get(
      `${HX_APPS}/risk-prod/resource/actions?request.namespace=${d.namespace}&request.resourceName=${d.name}&request.version=v1&request.group=apps&request.kind=Deployment`,
    );
    expect(list.status).toBe(200);
    expect(list.json.actions.map((a: any) => a.name)).toEqual(['pause', 'restart', 'resume']);
    const body = { name: 'risk-prod', namespace: d.namespace, resourceName: d.name, version: 'v1', group: 'apps', kind: 'Deployment' };
    const run = await client.post(`${HX_APPS}/risk-prod/resource/actions`, { ...body, action: 'restart' });
    expect(run.status).toBe(200);
    expect((await workload(client.get, tree)).replicaSet.name).not.toBe(before.replicaSet.name);
    const unknownField = await client.post(`${HX_APPS}/risk-prod/resource/actions`, { ...body, action: 'restart', dryRun: true });
    expect(unknownField.status).toBe(400);
    const noAction = await client.post(`${HX_APPS}/risk-prod/resource/actions`, body);
    expect(noAction.status).toBe(400);
    expect(noAction.json.message).toBe('action is required');
  });
});
