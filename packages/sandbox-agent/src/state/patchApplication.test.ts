import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { swaggerStrict } from '../testing/swaggerValidator';
import { argoClient, harnessClient } from '../testing/testClients';
import { mergePatch } from './patchApplication';

/*
 * Patching an application's spec (ApplicationService_Patch, Harness's
 * AgentApplicationServicePatch) with a JSON merge patch: turning automated
 * sync off and on, as the portal's sync policy does, read back afterwards.
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

const patchOf = (automated: unknown) => JSON.stringify({ spec: { syncPolicy: { automated } } });

describe('mergePatch', () => {
  it('removes null members, merges objects and replaces the rest (RFC 7386)', () => {
    expect(mergePatch({ a: { b: 1, c: [1] }, d: 2 }, { a: { b: null, c: [2] }, e: { f: 3 } })).toEqual({
      a: { c: [2] },
      d: 2,
      e: { f: 3 },
    });
  });
});

describe('Argo CD PATCH /api/v1/applications/{name}', () => {
  it('turns automated sync off and on again; later reads show it', async () => {
    const client = argoClient(argo);
    const before = (await client.get('/api/v1/applications/web-dev')).json;
    expect(before.spec.syncPolicy.automated).toMatchObject({ prune: true });

    const off = await client.patch('/api/v1/applications/web-dev', {
      name: 'web-dev',
      project: 'shop',
      patch: patchOf(null),
      patchType: 'merge',
    });
    expect(off.status).toBe(200);
    expect(swaggerStrict().errors('v1alpha1Application', off.json)).toEqual([]);
    expect(off.json.spec.syncPolicy.automated).toBeUndefined();
    const read = (await client.get('/api/v1/applications/web-dev')).json;
    expect(read.spec.syncPolicy.automated).toBeUndefined();
    expect(read.spec.source).toEqual(before.spec.source);
    expect(Number(read.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));

    await client.patch('/api/v1/applications/web-dev', {
      name: 'web-dev',
      patch: patchOf({ enabled: true, prune: false, selfHeal: true }),
      patchType: 'merge',
    });
    expect((await client.get('/api/v1/applications/web-dev')).json.spec.syncPolicy.automated).toEqual({
      enabled: true,
      prune: false,
      selfHeal: true,
    });
  });

  it('needs update on the application, and a merge patch', async () => {
    const reader = argoClient(argo, 'reader-token-123');
    const refused = await reader.patch('/api/v1/applications/web-dev', {
      patch: patchOf(null),
      patchType: 'merge',
    });
    expect(refused.status).toBe(403);
    expect((await reader.get('/api/v1/applications/web-dev')).json.spec.syncPolicy.automated).toBeDefined();

    const client = argoClient(argo);
    const json = await client.patch('/api/v1/applications/web-dev', { patch: '[]', patchType: 'json' });
    expect(json.status).toBe(400);
    expect(json.json.message).toBe("Patch type 'json' is not supported");
    const broken = await client.patch('/api/v1/applications/web-dev', { patch: '{', patchType: 'merge' });
    expect(broken.status).toBe(400);
  });
});

describe('Harness AgentApplicationServicePatch', () => {
  it('patches the application in request, answers its wrapper, and later reads show it', async () => {
    const client = harnessClient(hx);
    const path = '/gitops/api/v1/agents/hxagent/applications/risk-dev';
    expect((await client.get(path)).json.app.spec.syncPolicy.automated).toBeDefined();
    const answer = await client.patch(path, {
      agentIdentifier: 'hxagent',
      request: { name: 'risk-dev', patch: patchOf(null), patchType: 'merge' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.app.spec.syncPolicy.automated).toBeUndefined();
    expect((await client.get(path)).json.app.spec.syncPolicy.automated).toBeUndefined();

    const mismatch = await client.patch(path, {
      agentIdentifier: 'hxagent',
      request: { name: 'other', patch: patchOf(null), patchType: 'merge' },
    });
    expect(mismatch.status).toBe(400);
  });
});
