import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import {
  componentEntity,
  shopHarnessAgent,
  shopNonprodAgent,
  shopProdAgent,
} from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { startTestIssuer, TestIssuer } from '../testUtils/startTestIssuer';

jest.setTimeout(60_000);

/*
 * The user's own identity at the agents: Argo CD agent `nonprod` takes the
 * user's ID token (forward-oidc-token) and holds it to its RBAC policy;
 * Harness agent `hx` is asked its access control about the user
 * (harness-acl); Argo CD agent `prod` keeps its shared credential.
 */

const scenario = shopFleet('gitops-backend-user-identity', {
  services: { payments: { agents: ['nonprod', 'prod', 'hx'] } },
  identity: {
    clients: [{ clientId: 'backstage', clientSecret: 'sandbox-client-secret' }],
    users: [
      { username: 'ada', email: 'ada@acme.example', groups: ['shop-admins'] },
      {
        username: 'dana',
        email: 'dana@acme.example',
        groups: ['shop-viewers'],
      },
    ],
  },
  agents: [
    {
      ...shopNonprodAgent({ syncDurationMs: 0 }),
      oidc: { allowedAudiences: ['backstage'] },
      rbac: {
        scopes: '[groups]',
        policyCsv: [
          'p, role:shop-admin, applications, get, shop/*, allow',
          'p, role:shop-admin, applications, sync, shop/*, allow',
          'p, role:shop-admin, applications, action/*, shop/*, allow',
          'p, role:shop-viewer, applications, get, shop/*, allow',
          'g, shop-admins, role:shop-admin',
          'g, shop-viewers, role:shop-viewer',
        ].join('\n'),
      },
    },
    shopProdAgent({ syncDurationMs: 0 }),
    {
      ...shopHarnessAgent('hx', { syncDurationMs: 0 }),
      accessControl: [
        {
          principal: 'ada@acme.example',
          permissions: [
            'gitops_gitopsapp_view',
            'gitops_gitopsapp_edit',
            'gitops_gitopsapp_sync',
          ],
        },
        {
          principal: 'dana@acme.example',
          permissions: ['gitops_gitopsapp_view'],
        },
      ],
    },
  ],
} as Parameters<typeof shopFleet>[1]);

function user(name: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'User',
    metadata: { name, namespace: 'default' },
    spec: { profile: { email: `${name}@acme.example` }, memberOf: [] },
  };
}

const APP = '/api/gitops/entity/default/component/payments/applications';
const DEV = `${APP}/nonprod/payments-dev`;
const HX = `${APP}/hx/payments-dev`;
const PROD = `${APP}/prod/payments-prod`;
const TOKEN = 'X-GitOps-User-Token';
const as = (name: string) =>
  mockCredentials.user.header(`user:default/${name}`);

describe("operations as the user's own identity", () => {
  let foreign: TestIssuer;
  beforeAll(async () => {
    foreign = await startTestIssuer();
  });
  afterAll(() => foreign?.close());

  const env = useShopFleet(scenario, {
    entities: [
      componentEntity('payments', { 'gitops/service': 'payments' }),
      user('ada'),
      user('dana'),
    ],
    agentConfig: agent => {
      if (agent.kind === 'harness') {
        return { userIdentity: { mode: 'harness-acl' } };
      }
      if (agent.id !== 'nonprod') return {};
      // the sandbox serves its identity provider beside its agents
      const issuer = agent.url.replace(/\/agents\/[^/]+$/, '/idp');
      return {
        userIdentity: {
          mode: 'forward-oidc-token',
          issuer,
          audience: 'backstage',
        },
      };
    },
  });

  const syncCalls = (mark: number) =>
    env.agentRequests
      .slice(mark)
      .filter(r => r.method === 'POST' && /\/sync(\?|$)/.test(r.url));

  const sync = (path: string, name: string, token?: string) => {
    const req = env.api().post(`${path}/sync`).set('Authorization', as(name));
    return (token ? req.set(TOKEN, token) : req).send({});
  };

  it("refuses dana's sync with Argo CD's own permission message, and records the refusal", async () => {
    const res = await sync(DEV, 'dana', env.sandbox.idToken('dana'));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'Argo CD RBAC on nonprod refuses it: permission denied: applications, sync, shop/payments-dev, sub: dana',
    );
    const events = await env
      .api()
      .get(`${DEV}/events`)
      .set('Authorization', as('dana'));
    expect(events.body.audit[0]).toMatchObject({
      actor: 'user:default/dana',
      action: 'sync',
      outcome: 'refused',
    });
  });

  it("runs ada's sync as ada: Argo CD records her as the operation's initiator", async () => {
    const res = await sync(DEV, 'ada', env.sandbox.idToken('ada'));
    expect(res.status).toBe(200);
    const app = await (
      await env.agentFetch('nonprod', '/api/v1/applications/payments-dev')
    ).json();
    expect(
      app.operation?.initiatedBy?.username ??
        app.status?.operationState?.operation?.initiatedBy?.username,
    ).toBe('ada');
  });

  it.each([
    ['missing', undefined, 'your sign-in token is missing'],
    [
      'for another user',
      'dana',
      'Your sign-in token is for dana@acme.example, but you are signed in to Backstage as user:default/ada',
    ],
    ['expired', 'expired', 'Your sign-in token has expired'],
    ['from another issuer', 'foreign', 'not by'],
  ])(
    'answers 401 to a token %s and reaches no agent',
    async (_, kind, message) => {
      let token: string | undefined;
      if (kind === 'dana') token = env.sandbox.idToken('dana');
      if (kind === 'expired')
        token = env.sandbox.idToken('ada', { expiresInSeconds: -300 });
      if (kind === 'foreign') {
        token = await foreign.mint({
          sub: 'ada',
          aud: 'backstage',
          email: 'ada@acme.example',
        });
      }
      const mark = env.agentRequests.length;
      const res = await sync(DEV, 'ada', token);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toContain(message);
      expect(res.body.error.message).toContain('sign in again');
      // the token is never echoed back
      expect(token && JSON.stringify(res.body).includes(token)).toBeFalsy();
      expect(syncCalls(mark)).toEqual([]);
    },
  );

  it('keeps the shared credential for an agent without userIdentity', async () => {
    const res = await sync(PROD, 'dana');
    expect(res.status).toBe(200);
  });

  it("asks Harness's access control about the user before acting", async () => {
    const mark = env.agentRequests.length;
    const refused = await sync(HX, 'dana');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Harness access control on hx refuses it: dana@acme.example lacks gitops_gitopsapp_sync on payments-dev',
    );
    expect(syncCalls(mark)).toEqual([]);
    expect((await sync(HX, 'ada')).status).toBe(200);
  });

  it('tells the drawer what the agent would refuse, and why', async () => {
    const ask = (path: string, name: string, token?: string) => {
      const req = env
        .api()
        .get(`${path}/agent-permissions`)
        .set('Authorization', as(name));
      return token ? req.set(TOKEN, token) : req;
    };
    const dana = await ask(DEV, 'dana', env.sandbox.idToken('dana'));
    expect(dana.status).toBe(200);
    expect(dana.body.identity).toBe('forwarded-oidc-token');
    expect(dana.body.actions.refresh).toEqual({ allowed: true });
    expect(dana.body.actions.sync).toEqual({
      allowed: false,
      reason:
        'Argo CD RBAC on nonprod refuses it: applications, sync, shop/payments-dev',
    });
    const ada = await ask(DEV, 'ada', env.sandbox.idToken('ada'));
    expect(ada.body.actions.sync).toEqual({ allowed: true });
    const signedOut = await ask(DEV, 'ada');
    expect(signedOut.body.actions.sync.allowed).toBe(false);
    expect(signedOut.body.actions.sync.reason).toContain('sign in again');
    const harness = await ask(HX, 'dana');
    expect(harness.body.identity).toBe('harness-acl');
    expect(harness.body.actions.sync.reason).toBe(
      'Harness access control on hx refuses it: dana@acme.example lacks gitops_gitopsapp_sync on payments-dev',
    );
    const shared = await ask(PROD, 'dana');
    expect(shared.body).toEqual({
      identity: 'shared-credential',
      actions: {
        refresh: { allowed: true },
        sync: { allowed: true },
        rollback: { allowed: true },
        terminate: { allowed: true },
        action: { allowed: true },
      },
    });
  });
});
