import { generateSigningKey, signJwt } from '../idp/jwt';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { FLEET_SCENARIO, argoClient } from '../testing/testClients';

/*
 * Users' ID tokens on the example fleet's Argo CD agents (`oidc`, `rbac`):
 * checked as Argo CD checks them, held to the RBAC policy, and named as
 * the initiator of the operations they start. The agents' own tokens keep
 * their rights.
 */

jest.setTimeout(20_000);

let sandbox: Sandbox;
let nonprod: SandboxAgentInfo;

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
  nonprod = sandbox.agent('argocd-nonprod');
});

afterAll(() => sandbox.close());

const as = (username: string, options?: { audience?: string; expiresInSeconds?: number }) =>
  argoClient(nonprod, sandbox.idToken(username, options));

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise(r => setTimeout(r, 100));
  }
}

describe('Argo CD RBAC for users of ID tokens', () => {
  it('refuses dana (payments-viewers) a sync of payments-api-qa as Argo CD does: 403, code 7', async () => {
    const res = await as('dana').post('/api/v1/applications/payments-api-qa/sync', {});
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      error: 'permission denied: applications, sync, payments/payments-api-qa, sub: dana',
      code: 7,
      message: 'permission denied: applications, sync, payments/payments-api-qa, sub: dana',
      details: [],
    });
    // rollback and terminate need `sync` too
    const rollback = await as('dana').post('/api/v1/applications/payments-api-qa/rollback', { id: 1 });
    expect(rollback.json.message).toBe('permission denied: applications, sync, payments/payments-api-qa, sub: dana');
    expect((await as('dana').delete('/api/v1/applications/payments-api-qa/operation')).status).toBe(403);
    // but she may read it
    const get = await as('dana').get('/api/v1/applications/payments-api-qa');
    expect(get.status).toBe(200);
    expect(get.json.operation).toBeUndefined();
  });

  it('lets ada (payments-admins) sync, and the operation names her as its initiator', async () => {
    const res = await as('ada').post('/api/v1/applications/payments-api-qa/sync', {});
    expect(res.status).toBe(200);
    expect(res.json.operation.initiatedBy).toEqual({ username: 'ada' });
    expect(res.json.status.operationState.operation.initiatedBy).toEqual({ username: 'ada' });
    const shared = argoClient(nonprod);
    const done = await eventually(
      async () => (await shared.get('/api/v1/applications/payments-api-qa')).json,
      app => app.status.operationState.phase === 'Succeeded',
    );
    expect(done.status.operationState.operation.initiatedBy).toEqual({ username: 'ada' });
    expect(done.status.history[done.status.history.length - 1].initiatedBy).toEqual({ username: 'ada' });
  });

  it('keeps the shared token as it was: admin initiates, every project but the forbidden one', async () => {
    const shared = argoClient(nonprod);
    const res = await shared.post('/api/v1/applications/checkout-web-qa/sync', {});
    expect(res.status).toBe(200);
    expect(res.json.operation.initiatedBy).toEqual({ username: 'admin' });
    expect((await shared.get('/api/v1/applications/secrets-broker-qa')).status).toBe(403);
    expect((await shared.get('/api/v1/account/can-i/applications/sync/payments%2Fpayments-api-qa')).json).toEqual({
      value: 'yes',
    });
    const readonly = argoClient(nonprod, 'sandbox-argocd-nonprod-readonly-token');
    expect((await readonly.post('/api/v1/applications/payments-api-qa/sync', {})).status).toBe(403);
  });

  it('runs resource actions by their RBAC name (action/<group>/<kind>/<action>)', async () => {
    const tree = (await argoClient(nonprod).get('/api/v1/applications/payments-api-qa/resource-tree')).json;
    const deployment = tree.nodes.find((n: any) => n.kind === 'Deployment');
    const query = `namespace=${deployment.namespace}&resourceName=${deployment.name}&version=v1&group=apps&kind=Deployment`;
    const refused = await as('dana').post(`/api/v1/applications/payments-api-qa/resource/actions?${query}`, 'restart');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'permission denied: applications, action/apps/Deployment/restart, payments/payments-api-qa, sub: dana',
    );
    expect((await as('dana').get(`/api/v1/applications/payments-api-qa/resource/actions?${query}`)).status).toBe(200);
    const run = await as('ada').post(`/api/v1/applications/payments-api-qa/resource/actions?${query}`, 'restart');
    expect(run.status).toBe(200);
  });

  it('shows each user only what the policy lets them get', async () => {
    const names = async (username: string) =>
      (await as(username).get('/api/v1/applications')).json.items.map((a: any) => a.metadata.name);
    const dana = await names('dana');
    expect(dana).toContain('payments-api-qa');
    expect(dana.every((n: string) => /^(payments|ledger|billing|invoice|fraud)/.test(n))).toBe(true);
    const cole = await names('cole');
    expect(cole).toContain('checkout-web-dev');
    expect(cole).not.toContain('payments-api-qa');
    const get = await as('cole').get('/api/v1/applications/payments-api-qa');
    expect(get.status).toBe(403);
    expect(get.json.message).toBe('permission denied: applications, get, payments/payments-api-qa, sub: cole');
    expect((await as('cole').get('/api/v1/projects')).json.items.map((p: any) => p.metadata.name)).toEqual(['checkout']);
    const appSets = async (username: string) =>
      (await as(username).get('/api/v1/applicationsets')).json.items.map((a: any) => a.metadata.name);
    expect(await appSets('cole')).toEqual(expect.arrayContaining(['storefront', 'checkout-web-previews']));
    expect(await appSets('dana')).toEqual([]);
  });

  it('answers can-i for the token user', async () => {
    const canI = async (username: string, path: string) => (await as(username).get(`/api/v1/account/can-i/${path}`)).json;
    expect(await canI('dana', 'applications/sync/payments%2Fpayments-api-qa')).toEqual({ value: 'no' });
    expect(await canI('dana', 'applications/get/payments%2Fpayments-api-qa')).toEqual({ value: 'yes' });
    expect(await canI('ada', 'applications/sync/payments%2Fpayments-api-qa')).toEqual({ value: 'yes' });
    expect(await canI('ada', 'applications/sync/payments/payments-api-qa')).toEqual({ value: 'yes' });
    expect(await canI('ada', 'applications/action%2Fapps%2FDeployment%2Frestart/payments%2Fpayments-api-qa')).toEqual({
      value: 'yes',
    });
    expect(await canI('cole', 'applications/sync/payments/payments-api-qa')).toEqual({ value: 'no' });
    expect(await canI('cole', 'applications/delete/checkout/team-apps/cart')).toEqual({ value: 'yes' });
    const bad = await as('ada').get('/api/v1/account/can-i/applications/explode/payments%2Fx');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe(3);
  });

  it('reports the user in session userinfo', async () => {
    const info = (await as('ada').get('/api/v1/session/userinfo')).json;
    expect(info).toEqual({ loggedIn: true, username: 'ada', iss: sandbox.idp!.issuer, groups: ['payments-admins'] });
  });
});

describe('ID tokens Argo CD does not accept (401, code 16)', () => {
  const refused = async (token: string) => {
    const res = await argoClient(nonprod, token).get('/api/v1/applications/payments-api-qa');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(16);
    return res.json.message as string;
  };

  it('refuses an expired token', async () => {
    expect(await refused(sandbox.idToken('ada', { expiresInSeconds: -60 }))).toBe('invalid session: token is expired');
  });

  it('refuses a token for another audience', async () => {
    expect(await refused(sandbox.idToken('ada', { audience: 'some-other-client' }))).toMatch(
      /^invalid session: expected audience in \["backstage"\] got \["some-other-client"\]$/,
    );
  });

  it('refuses a token signed with another key, and one from another issuer', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: sandbox.idp!.issuer, sub: 'ada', aud: 'backstage', iat: now, exp: now + 600, groups: ['payments-admins'] };
    expect(await refused(signJwt(claims, generateSigningKey()))).toBe('invalid session: failed to verify signature');
    const tampered = sandbox.idToken('dana').split('.');
    tampered[1] = Buffer.from(JSON.stringify({ ...claims, sub: 'dana' })).toString('base64url');
    expect(await refused(tampered.join('.'))).toBe('invalid session: failed to verify signature');

    const other = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
    try {
      expect(other.idp!.issuer).not.toBe(sandbox.idp!.issuer);
      expect(await refused(other.idToken('ada'))).toMatch(/^invalid session: id token issued by a different provider/);
    } finally {
      await other.close();
    }
  });

  it('refuses an Argo CD session token it did not issue as before', async () => {
    const other = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
    try {
      const info = other.agent('argocd-nonprod');
      const login = await fetch(`${info.url}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: info.username, password: info.password }),
      });
      const { token } = await login.json();
      expect(await refused(token)).toBe('invalid session: token signature is invalid');
    } finally {
      await other.close();
    }
  });

  it('refuses any ID token on an agent without oidc, as any invalid token', async () => {
    const scenario = smallScenario({
      identity: { clients: [{ clientId: 'backstage' }], users: [{ username: 'ada', email: 'ada@acme.example' }] },
    });
    const small = await startSandbox({ scenario, log: () => {} });
    try {
      const res = await argoClient(small.agent('argo'), small.idToken('ada')).get('/api/v1/applications');
      expect(res.status).toBe(401);
      expect(res.json.message).toBe('invalid session: token signature is invalid');
    } finally {
      await small.close();
    }
  });
});
