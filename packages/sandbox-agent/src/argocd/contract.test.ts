import http from 'node:http';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { applicationCrdErrors, swaggerStrict } from '../testing/swaggerValidator';
import { FLEET_SCENARIO, argoClient, request } from '../testing/testClients';

/*
 * The contract test: every Argo CD response the sandbox serves is validated
 * against the definitions of Argo CD's swagger.json (testdata/argocd), with
 * undefined properties rejected, and every Application against the CRD.
 */

let sandbox: Sandbox;
let nonprod: SandboxAgentInfo;
let prod: SandboxAgentInfo;

function expectValid(definition: string, payload: unknown) {
  expect({ definition, errors: swaggerStrict().errors(definition, payload) }).toEqual({
    definition,
    errors: [],
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
  nonprod = sandbox.agent('argocd-nonprod');
  prod = sandbox.agent('argocd-prod');
});

afterAll(() => sandbox.close());

describe('Argo CD contract (swagger.json definitions)', () => {
  it('rejects what the swagger does not define (the validator is strict)', () => {
    expect(swaggerStrict().errors('v1alpha1Application', { metadata: { nmae: 'typo' } })).not.toEqual([]);
    expect(swaggerStrict().errors('v1alpha1Application', { status: { history: [{ id: 'x' }] } })).not.toEqual([]);
    expect(swaggerStrict().errors('v1alpha1Application', { metadata: { name: 'ok' } })).toEqual([]);
  });

  it('serves /api/version with capitalised keys', async () => {
    const res = await request(`${nonprod.url}/api/version`);
    expect(res.status).toBe(200);
    expectValid('versionVersionMessage', res.json);
    expect(res.json.Version).toMatch(/^v\d+\.\d+\.\d+/);
    expect(Object.keys(res.json).every(k => /^[A-Z]/.test(k))).toBe(true);
  });

  it('serves session, userinfo and can-i', async () => {
    const login = await request(`${nonprod.url}/api/v1/session`, {
      body: { username: nonprod.username, password: nonprod.password },
    });
    expect(login.status).toBe(200);
    expectValid('sessionSessionResponse', login.json);
    const client = argoClient(nonprod, login.json.token);
    const userinfo = await client.get('/api/v1/session/userinfo');
    expectValid('sessionGetUserInfoResponse', userinfo.json);
    expect(userinfo.json).toMatchObject({ loggedIn: true, username: 'admin' });
    const canI = await client.get('/api/v1/account/can-i/applications/sync/payments%2F*');
    expectValid('accountCanIResponse', canI.json);
    expect(canI.json.value).toBe('yes');
  });

  it('serves application lists, full and projected with fields', async () => {
    for (const agent of [nonprod, prod]) {
      const full = await argoClient(agent).get('/api/v1/applications');
      expect(full.status).toBe(200);
      expectValid('v1alpha1ApplicationList', full.json);
      expect(full.json.items.length).toBeGreaterThan(20);
      for (const app of full.json.items) {
        expect({ app: app.metadata.name, errors: applicationCrdErrors(app) }).toEqual({
          app: app.metadata.name,
          errors: [],
        });
      }
      const lean = await argoClient(agent).get(
        '/api/v1/applications?fields=metadata.resourceVersion,items.metadata.name,items.metadata.labels,items.spec.destination,items.status.sync.status,items.status.sync.revision,items.status.health,items.status.operationState.phase',
      );
      expectValid('v1alpha1ApplicationList', lean.json);
      expect(Object.keys(lean.json.items[0]).sort()).toEqual(['metadata', 'spec', 'status']);
      expect(lean.json.items[0].status.history).toBeUndefined();
    }
  });

  it('serves get, resource-tree, managed-resources, syncwindows and revision metadata for every application', async () => {
    for (const agent of [nonprod, prod]) {
      const client = argoClient(agent);
      const list = await client.get('/api/v1/applications');
      for (const item of list.json.items) {
        const name = item.metadata.name;
        const ns = `appNamespace=${item.metadata.namespace}`;
        const app = await client.get(`/api/v1/applications/${name}?${ns}`);
        expect(app.status).toBe(200);
        expectValid('v1alpha1Application', app.json);
        const tree = await client.get(`/api/v1/applications/${name}/resource-tree?${ns}`);
        expectValid('v1alpha1ApplicationTree', tree.json);
        const managed = await client.get(`/api/v1/applications/${name}/managed-resources?${ns}`);
        expectValid('applicationManagedResourcesResponse', managed.json);
        const windows = await client.get(`/api/v1/applications/${name}/syncwindows?${ns}`);
        expectValid('applicationApplicationSyncWindowsResponse', windows.json);
        const revisions: string[] = app.json.status.sync.revisions ?? [app.json.status.sync.revision];
        for (const revision of revisions.filter(r => /^[0-9a-f]{40}$/.test(r))) {
          const meta = await client.get(`/api/v1/applications/${name}/revisions/${revision}/metadata?${ns}`);
          expect(meta.status).toBe(200);
          expectValid('v1alpha1RevisionMetadata', meta.json);
        }
      }
    }
  });

  it('serves sync and rollback responses as Applications', async () => {
    const client = argoClient(prod);
    const sync = await client.post('/api/v1/applications/billing-service-prod/sync', {
      revision: 'main',
      prune: true,
      dryRun: false,
      strategy: { hook: {} },
      syncOptions: { items: ['CreateNamespace=true'] },
      resources: [{ group: 'apps', kind: 'Deployment', name: 'billing-service' }],
    });
    expect(sync.status).toBe(200);
    expectValid('v1alpha1Application', sync.json);
    const app = await client.get('/api/v1/applications/tax-calculator-prod');
    const id = app.json.status.history[0].id;
    const rollback = await client.post('/api/v1/applications/tax-calculator-prod/rollback', { id, dryRun: false, prune: false });
    expect(rollback.status).toBe(200);
    expectValid('v1alpha1Application', rollback.json);
  });

  it('serves ApplicationSets: list, get, create and generate', async () => {
    const client = argoClient(nonprod);
    const list = await client.get('/api/v1/applicationsets');
    expectValid('v1alpha1ApplicationSetList', list.json);
    expect(list.json.items.map((s: any) => s.metadata.name)).toEqual(['checkout-web-previews', 'cluster-addons', 'promo-banner', 'storefront']);
    const one = await client.get('/api/v1/applicationsets/storefront');
    expectValid('v1alpha1ApplicationSet', one.json);
    const body = {
      metadata: { name: 'contract-guestbook' },
      spec: {
        generators: [{ list: { elements: [{ env: 'dev' }, { env: 'qa' }] } }],
        template: {
          metadata: { name: 'guestbook-{{env}}' },
          spec: {
            project: 'default',
            source: { repoURL: 'https://github.com/argoproj/argocd-example-apps.git', path: 'guestbook', targetRevision: 'HEAD' },
            destination: { server: 'https://kubernetes.default.svc', namespace: 'guestbook-{{env}}' },
          },
        },
      },
    };
    const generated = await client.post('/api/v1/applicationsets/generate', { applicationSet: body });
    expectValid('applicationsetApplicationSetGenerateResponse', generated.json);
    const created = await client.post('/api/v1/applicationsets?upsert=false&dryRun=false', body);
    expect(created.status).toBe(200);
    expectValid('v1alpha1ApplicationSet', created.json);
    const dryRun = await client.post('/api/v1/applicationsets?upsert=true&dryRun=true', body);
    expectValid('v1alpha1ApplicationSet', dryRun.json);
  });

  it('serves clusters, repositories and projects', async () => {
    const client = argoClient(prod);
    const clusters = await client.get('/api/v1/clusters');
    expectValid('v1alpha1ClusterList', clusters.json);
    for (const cluster of clusters.json.items) {
      const one = await client.get(`/api/v1/clusters/${encodeURIComponent(cluster.server)}`);
      expect(one.status).toBe(200);
      expectValid('v1alpha1Cluster', one.json);
    }
    const repos = await client.get('/api/v1/repositories');
    expectValid('v1alpha1RepositoryList', repos.json);
    for (const repo of repos.json.items) {
      const one = await client.get(`/api/v1/repositories/${encodeURIComponent(repo.repo)}`);
      expect(one.status).toBe(200);
      expectValid('v1alpha1Repository', one.json);
    }
    const projects = await client.get('/api/v1/projects');
    expectValid('v1alpha1AppProjectList', projects.json);
    for (const project of projects.json.items) {
      const one = await client.get(`/api/v1/projects/${project.metadata.name}`);
      expectValid('v1alpha1AppProject', one.json);
      const windows = await client.get(`/api/v1/projects/${project.metadata.name}/syncwindows`);
      expectValid('projectSyncWindowsResponse', windows.json);
    }
  });

  it('answers errors with runtimeError bodies', async () => {
    const cases = [
      { res: await argoClient(prod, '').get('/api/v1/applications'), status: 401, code: 16 },
      { res: await argoClient(prod, 'wrong-token').get('/api/v1/applications'), status: 401, code: 16 },
      { res: await argoClient(prod).get('/api/v1/applications/secrets-broker-prod'), status: 403, code: 7 },
      { res: await argoClient(prod).get('/api/v1/applications/does-not-exist'), status: 404, code: 5 },
      { res: await argoClient(prod).get('/api/v1/applications?selector=a%20in%20(b'), status: 400, code: 3 },
      { res: await argoClient(prod).post('/api/v1/applications/checkout-web-prod/rollback', { id: 999 }), status: 400, code: 3 },
    ];
    for (const { res, status, code } of cases) {
      expect(res.status).toBe(status);
      expectValid('runtimeError', res.json);
      expect(res.json).toMatchObject({ code, details: [] });
      expect(res.json.error).toBe(res.json.message);
    }
  });

  it('streams watch events as v1alpha1ApplicationWatchEvent results', async () => {
    const lines = await new Promise<string[]>((resolve, reject) => {
      const req = http.get(
        `${prod.url}/api/v1/stream/applications?name=cart-service-prod`,
        { headers: { authorization: `Bearer ${prod.token}` } },
        res => {
          let buffer = '';
          res.on('data', chunk => {
            buffer += chunk;
            if (buffer.includes('\n')) {
              req.destroy();
              resolve(buffer.split('\n').filter(Boolean));
            }
          });
        },
      );
      req.on('error', reject);
    });
    const event = JSON.parse(lines[0]);
    expect(event.result.type).toBe('ADDED');
    expectValid('v1alpha1ApplicationWatchEvent', event.result);
  });
});
