import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient, request } from '../testing/testClients';

let sandbox: Sandbox;
let argo: SandboxAgentInfo;

beforeAll(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
});

afterAll(() => sandbox.close());

describe('Argo CD authentication and authorization', () => {
  it('answers 401 without a token and with a wrong one', async () => {
    const missing = await argoClient(argo, '').get('/api/v1/applications');
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ code: 16, message: 'no session information' });
    const wrong = await argoClient(argo, 'not-the-token').get('/api/v1/applications');
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe(16);
    // The version endpoint is public, as in Argo CD.
    expect((await argoClient(argo, '').get('/api/version')).status).toBe(200);
    expect((await argoClient(argo, '').get('/api/v1/session/userinfo')).json).toEqual({ loggedIn: false });
  });

  it('logs in with username and password and accepts the session token (header or cookie)', async () => {
    const bad = await request(`${argo.url}/api/v1/session`, { body: { username: 'admin', password: 'nope' } });
    expect(bad.status).toBe(401);
    const login = await request(`${argo.url}/api/v1/session`, {
      body: { username: argo.username, password: argo.password },
    });
    expect(login.status).toBe(200);
    expect(login.json.token.split('.')).toHaveLength(3);
    expect((await argoClient(argo, login.json.token).get('/api/v1/applications')).status).toBe(200);
    const viaCookie = await request(`${argo.url}/api/v1/applications`, {
      headers: { cookie: `argocd.token=${login.json.token}` },
    });
    expect(viaCookie.status).toBe(200);
    expect(sandbox.secretValues()).toContain(login.json.token);
  });

  it('answers 403 for an application in a forbidden project and hides it from lists', async () => {
    const client = argoClient(argo);
    const get = await client.get('/api/v1/applications/vault-prod');
    expect(get.status).toBe(403);
    expect(get.json).toMatchObject({ code: 7 });
    expect(get.json.message).toContain('permission denied: applications, get, secret/vault-prod');
    const list = await client.get('/api/v1/applications');
    expect(list.json.items.map((a: any) => a.metadata.name)).not.toContain('vault-prod');
    expect((await client.post('/api/v1/applications/vault-prod/sync', {})).status).toBe(403);
    expect((await client.get('/api/v1/account/can-i/applications/get/secret%2Fvault-prod')).json.value).toBe('no');
    expect((await client.get('/api/v1/projects/secret')).status).toBe(403);
  });

  it('limits tokens to their projects and read-only tokens to reads', async () => {
    const shopOnly = argoClient(argo, 'shop-token-1234');
    const names = (await shopOnly.get('/api/v1/applications')).json.items.map((a: any) => a.spec.project);
    expect(new Set(names)).toEqual(new Set(['shop']));
    const reader = argoClient(argo, 'reader-token-123');
    expect((await reader.get('/api/v1/applications/web-prod')).status).toBe(200);
    const sync = await reader.post('/api/v1/applications/web-prod/sync', {});
    expect(sync.status).toBe(403);
    expect(sync.json.message).toContain('permission denied: applications, sync, shop/web-prod, sub: reader');
    expect((await reader.get('/api/v1/account/can-i/applications/sync/shop%2Fweb-prod')).json.value).toBe('no');
  });

  it('filters lists by selector, projects, name, repo and appNamespace', async () => {
    const client = argoClient(argo);
    const names = async (query: string) =>
      (await client.get(`/api/v1/applications?${query}`)).json.items.map((a: any) => a.metadata.name);
    expect(await names('selector=gitops/environment=prod,gitops/service%20in%20(web,api)')).toEqual(['api-prod', 'web-prod']);
    expect(await names('selector=gitops/service!=web,gitops/environment=dev')).toEqual(['api-dev', 'worker-dev']);
    expect(await names('selector=gitops/service%20notin%20(web,api),gitops/environment')).toEqual(['worker-dev', 'worker-prod']);
    expect(await names('selector=!gitops/service')).toEqual([]);
    expect(await names('projects=shop&projects=other&name=web-dev')).toEqual(['web-dev']);
    expect(await names('repo=https://github.com/acme/api-deploy')).toEqual(['api-dev', 'api-prod']);
    expect(await names('appNamespace=elsewhere')).toEqual([]);
  });
});
