import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { swaggerStrict } from '../testing/swaggerValidator';
import { eventually, harnessClient, request } from '../testing/testClients';

let sandbox: Sandbox;
let hx: SandboxAgentInfo;
const apps = '/gitops/api/v1/agents/hxagent/applications';

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  hx = sandbox.agent('hx');
});

afterEach(() => sandbox.close());

describe('Harness GitOps API', () => {
  it('checks x-api-key (401) and the scope parameters (400)', async () => {
    const wrongKey = await harnessClient(hx, 'wrong-key').get('/gitops/api/v1/agents');
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json).toMatchObject({ code: 16 });
    expect(typeof wrongKey.json.message).toBe('string');
    expect((await harnessClient(hx, '').get('/gitops/api/v1/agents')).status).toBe(401);

    const headers = { 'x-api-key': hx.token };
    const noScope = await request(`${hx.url}/gitops/api/v1/agents`, { headers });
    expect(noScope.status).toBe(400);
    expect(noScope.json.message).toBe('accountIdentifier is required');
    const noRouting = await request(`${hx.url}/gitops/api/v1/agents?accountIdentifier=acct123&orgIdentifier=default&projectIdentifier=shop`, { headers });
    expect(noRouting.status).toBe(400);
    const wrongProject = await request(
      `${hx.url}${apps}?accountIdentifier=acct123&routingId=acct123&orgIdentifier=default&projectIdentifier=other`,
      { headers },
    );
    expect(wrongProject.status).toBe(400);
    expect(wrongProject.json.message).toContain('projectIdentifier');
    const wrongAgent = await harnessClient(hx).get('/gitops/api/v1/agents/otheragent/applications');
    expect(wrongAgent.status).toBe(404);
  });

  it('lists and gets agents with their health', async () => {
    const client = harnessClient(hx);
    const list = await client.get('/gitops/api/v1/agents?type=MANAGED_ARGO_PROVIDER');
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ pageIndex: 0, totalItems: 1, totalPages: 1, empty: false, pageItemCount: 1 });
    const agent = (await client.get('/gitops/api/v1/agents/hxagent')).json;
    expect(agent).toMatchObject({
      identifier: 'hxagent',
      accountIdentifier: 'acct123',
      orgIdentifier: 'default',
      projectIdentifier: 'shop',
      scope: 'PROJECT',
      health: { connectionStatus: 'CONNECTED', argoAppController: { status: 'HEALTHY' } },
    });
    for (const component of ['harnessGitopsAgent', 'argoAppController', 'argoRepoServer', 'argoRedisServer', 'argoAppSetController']) {
      expect(agent.health[component].status).toBe('HEALTHY');
    }
    expect(Date.parse(agent.health.lastHeartbeat)).toBeGreaterThan(Date.now() - 60_000);
    // V1SemanticVersion's parts are strings; each V1AgentComponentHealth has its version
    expect(agent.version).toEqual({ major: '0', minor: '92', patch: '3' });
    expect(agent.health.harnessGitopsAgent.version).toBe('0.92.3');
    expect(agent.health.argoAppController.version).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(agent).toMatchObject({ upgradeAvailable: false, metadata: { highAvailability: false } });
  });

  it('serves per-agent applications in the Argo CD shape with Harness labels', async () => {
    const client = harnessClient(hx);
    const list = await client.get(apps);
    expect(list.status).toBe(200);
    expect(swaggerStrict().errors('v1alpha1ApplicationList', list.json)).toEqual([]);
    expect(list.json.items.map((a: any) => a.metadata.name)).toEqual(['risk-dev', 'risk-prod']);
    expect(list.json.items[0].metadata.labels).toMatchObject({
      'harness.io/serviceRef': 'account.risk',
      'harness.io/envRef': 'dev',
    });
    const selected = await client.get(`${apps}?query.selector=${encodeURIComponent('harness.io/envRef=prod')}`);
    expect(selected.json.items.map((a: any) => a.metadata.name)).toEqual(['risk-prod']);
    const byName = await client.get(`${apps}?query.name=risk-dev&query.project=default`);
    expect(byName.json.items).toHaveLength(1);

    const wrapper = (await client.get(`${apps}/risk-prod?query.refresh=normal`)).json;
    expect(wrapper).toMatchObject({
      accountIdentifier: 'acct123',
      agentIdentifier: 'hxagent',
      name: 'risk-prod',
      clusterIdentifier: 'eu_cluster',
      stale: false,
    });
    expect(swaggerStrict().errors('v1alpha1Application', wrapper.app)).toEqual([]);

    const tree = (await client.get(`${apps}/risk-prod/resource-tree`)).json;
    expect(tree.nodes.some((n: any) => n.kind === 'Pod')).toBe(true);
    const managed = (await client.get(`${apps}/risk-prod/managed-resources`)).json;
    expect(managed.items.length).toBeGreaterThan(2);
    const revision = wrapper.app.status.sync.revision;
    const meta = (await client.get(`${apps}/risk-prod/revisions/${revision}/metadata`)).json;
    expect(meta.author).toContain('@acme.example');
    const windows = (await client.get(`${apps}/risk-prod/syncwindows`)).json;
    expect(windows.canSync).toBe(true);
  });

  it('syncs and rolls back', async () => {
    const client = harnessClient(hx);
    const retryStrategy = { limit: 2, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } };
    const sync = await client.post(`${apps}/risk-prod/sync`, {
      prune: true,
      dryRun: false,
      syncOptions: { items: ['ApplyOutOfSyncOnly=true'] },
      // the SDK's hook model (ApplicationsSyncStrategyHook)
      strategy: { hook: { syncStrategyApply: { force: true } } },
      retryStrategy,
    });
    expect(sync.status).toBe(200);
    expect(sync.json.status.operationState.phase).toBe('Running');
    expect(sync.json.operation.sync.syncOptions).toEqual(['ApplyOutOfSyncOnly=true']);
    // recorded as Argo CD records it
    expect(sync.json.operation.sync.syncStrategy).toEqual({ hook: { force: true } });
    expect(sync.json.operation.retry).toEqual(retryStrategy);
    await eventually(async () =>
      expect((await client.get(`${apps}/risk-prod`)).json.app.status.operationState.phase).toBe('Succeeded'),
    );
    const history = (await client.get(`${apps}/risk-prod`)).json.app.status.history;
    const rollback = await client.post(`${apps}/risk-prod/rollback`, { id: history[0].id });
    expect(rollback.status).toBe(200);
    expect(rollback.json.operation.sync.revision).toBe(history[0].revision);
    const refused = await client.post(`${apps}/risk-dev/rollback`, { id: 0 });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('rollback cannot be initiated when auto-sync is enabled');
  });

  it('lists and gets clusters and repositories by Harness identifier', async () => {
    const client = harnessClient(hx);
    const clusters = (await client.get('/gitops/api/v1/agents/hxagent/clusters')).json;
    expect(clusters.content.map((c: any) => c.identifier)).toEqual(['in_cluster', 'eu_cluster']);
    const cluster = (await client.get('/gitops/api/v1/agents/hxagent/clusters/eu_cluster')).json;
    expect(cluster.cluster).toMatchObject({ name: 'eu', server: 'https://eu.example.internal:6443' });
    expect(cluster.cluster.config.bearerToken).toBeDefined();
    const repos = (await client.get('/gitops/api/v1/agents/hxagent/repositories')).json;
    expect(repos.totalItems).toBeGreaterThan(0);
    const first = repos.content[0];
    const repo = (await client.get(`/gitops/api/v1/agents/hxagent/repositories/${first.identifier}`)).json;
    expect(repo.repository.repo).toBe(first.repository.repo);
    expect((await client.get('/gitops/api/v1/agents/hxagent/clusters/nope')).status).toBe(404);
  });

  it('lists applications across agents with filters in the body', async () => {
    const client = harnessClient(hx);
    const body = { accountIdentifier: 'acct123', orgIdentifier: 'default', projectIdentifier: 'shop', pageSize: 10, pageIndex: 0 };
    const all = (await client.post('/gitops/api/v1/applications', body)).json;
    expect(all.totalItems).toBe(2);
    expect(all.content[0]).toMatchObject({ agentIdentifier: 'hxagent', name: 'risk-dev' });
    sandbox.drift('hx', 'risk-prod');
    const outOfSync = (
      await client.post('/gitops/api/v1/applications', {
        ...body,
        filter: { 'app.status.sync.status': { $in: ['OutOfSync'] }, 'app.metadata.labels.harness.io/envRef': 'prod' },
      })
    ).json;
    expect(outOfSync.content.map((w: any) => w.name)).toEqual(['risk-prod']);
    const healthy = (await client.post('/gitops/api/v1/applications', { ...body, healthStatus: ['Degraded'] })).json;
    expect(healthy.totalItems).toBe(0);
    const searched = (await client.post('/gitops/api/v1/applications', { ...body, searchTerm: 'dev' })).json;
    expect(searched.content.map((w: any) => w.name)).toEqual(['risk-dev']);
  });

  it('runs bulk refresh and bulk sync', async () => {
    const client = harnessClient(hx);
    const targets = [{ agentIdentifier: 'hxagent', applicationName: 'risk-prod' }];
    expect((await client.post('/gitops/api/v1/applications/bulk/refresh', { applicationTargets: targets })).status).toBe(200);
    const sync = await client.post('/gitops/api/v1/applications/bulk/sync', { applicationTargets: targets, prune: false });
    expect(sync.status).toBe(200);
    expect((await client.get(`${apps}/risk-prod`)).json.app.status.operationState.phase).toBe('Running');
    const unknown = await client.post('/gitops/api/v1/applications/bulk/sync', {
      applicationTargets: [{ agentIdentifier: 'hxagent', applicationName: 'nope' }],
    });
    expect(unknown.status).toBe(404);
  });

  it('creates ApplicationSets (list elements as base64 raw), lists them and gets them by UUID', async () => {
    const client = harnessClient(hx);
    const raw = (value: object) => ({ raw: Buffer.from(JSON.stringify(value)).toString('base64') });
    const created = await client.post('/gitops/api/v1/applicationset?agentIdentifier=hxagent', {
      upsert: true,
      dryRun: false,
      applicationset: {
        metadata: { name: 'risk-canary' },
        spec: {
          generators: [{ list: { elements: [raw({ env: 'dev' }), raw({ env: 'prod' })] } }],
          template: {
            metadata: { name: 'risk-canary-{{env}}', labels: { 'harness.io/serviceRef': 'risk', 'harness.io/envRef': '{{env}}' } },
            spec: {
              project: 'default',
              source: { repoURL: 'https://github.com/acme/risk-deploy.git', path: 'canary/{{env}}', targetRevision: 'main' },
              destination: { server: 'https://eu.example.internal:6443', namespace: 'risk-canary-{{env}}' },
            },
          },
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.json.appset.status.resources.map((r: any) => r.name)).toEqual(['risk-canary-dev', 'risk-canary-prod']);
    const list = (await client.post('/gitops/api/v1/applicationsets', { pageSize: 10 })).json;
    expect(list.content.map((w: any) => w.appset.metadata.name)).toEqual(['risk-canary']);
    const byUuid = await client.get(`/gitops/api/v1/applicationset/${created.json.identifier}`);
    expect(byUuid.json.appset.metadata.name).toBe('risk-canary');
    expect((await client.get('/gitops/api/v1/applicationset/risk-canary')).status).toBe(404);
    expect((await client.get(`${apps}?query.name=risk-canary-prod`)).json.items).toHaveLength(1);
  });

  it('reports a stopped agent as DISCONNECTED when it answers like it is down', async () => {
    sandbox.stopAgent('hx', 'unavailable');
    const down = await harnessClient(hx).get(apps);
    expect(down.status).toBe(503);
    expect(down.json.code).toBe(14);
    const agent = (await harnessClient(hx).get('/gitops/api/v1/agents/hxagent')).json;
    expect(agent.health.connectionStatus).toBe('DISCONNECTED');
    expect(agent.health.argoAppController.status).toBe('UNHEALTHY');
    sandbox.startAgent('hx');
    expect((await harnessClient(hx).get(apps)).status).toBe(200);
  });
});
