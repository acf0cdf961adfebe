import http from 'node:http';
import { AddressInfo } from 'node:net';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  AuthorizeResult,
  EvaluatePermissionRequest,
} from '@backstage/plugin-permission-common';
import {
  gitopsApplicationReadPermission,
  gitopsAuditReadPermission,
  gitopsFleetReadPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
  gitopsProxyPermission,
} from '@gitops-suite/plugin-gitops-common';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import request from 'supertest';
import { gitopsPlugin } from './plugin';
import {
  configEnvironments,
  componentEntity,
} from './testUtils/sandboxFixtures';
import { sandboxAgentConfig } from './testUtils/sandboxAgentConfig';
import type { JsonObject } from '@backstage/types';
import {
  shopArgoCdAgent,
  shopHarnessAgent,
  shopScenario,
  shopService,
} from './testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * The router end to end: the real plugin in a test backend, talking over
 * real HTTP to the sandbox agents (through a recording tap, so a test can
 * tell whether a request reached an agent at all).
 */

const scenario = shopScenario('gitops-backend-router-test', {
  services: [
    shopService('payments', {
      secret: true,
      agents: ['nonprod', 'prod', 'standby'],
    }),
    shopService('checkout', {
      agents: ['nonprod', 'prod'],
      overrides: { qa: { health: 'Degraded' } },
    }),
    shopService('risk', { agents: ['hx'] }),
  ],
  agents: [
    shopArgoCdAgent('nonprod', {
      syncDurationMs: 50,
      environments: ['dev', 'qa'],
      clusters: ['nonprod'],
    }),
    shopArgoCdAgent('prod', {
      syncDurationMs: 50,
      environments: ['prod'],
      clusters: ['prod'],
    }),
    shopHarnessAgent('hx', {
      syncDurationMs: 50,
      environments: [
        { name: 'dev', cluster: 'eu' },
        { name: 'prod', cluster: 'eu' },
      ],
    }),
    shopArgoCdAgent('standby', {
      environments: ['dev'],
      clusters: ['nonprod'],
      stopped: true,
    }),
  ],
});

const entity = componentEntity;

const entities = [
  entity('payments', { 'gitops/service': 'payments' }),
  entity('checkout', { 'argocd/app-selector': 'gitops/service=checkout' }),
  entity('risk', { 'gitops/service': 'risk' }),
  entity('plain', {}),
];

/**
 * A reverse proxy in front of the sandbox that records every request made
 * for a caller (`seen`); the fleet state's background feed (marked with
 * `x-gitops-feed`) is counted apart (`feed`).
 */
async function startTap(target: string) {
  const seen: Array<{ method: string; url: string; authorization?: string }> =
    [];
  const feed: string[] = [];
  const { hostname, port } = new URL(target);
  const server = http.createServer((req, res) => {
    if (req.headers['x-gitops-feed']) feed.push(req.url ?? '');
    else
      seen.push({
        method: req.method ?? 'GET',
        url: req.url ?? '',
        authorization: req.headers.authorization,
      });
    const upstream = http.request(
      {
        hostname,
        port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      upstreamRes => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    seen,
    feed,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

/**
 * A GET sent byte for byte (supertest and fetch normalize `..`, `\\` and
 * the like before sending, which would hide what the router sees).
 */
function rawGet(
  server: http.Server,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path, headers },
      res => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${last}` : ''}`);
}

describe('gitops backend plugin (router over real sandbox agents)', () => {
  let sandbox: Sandbox;
  let tap: Awaited<ReturnType<typeof startTap>>;
  let server: http.Server;
  /** Permission names the permission service denies right now. */
  const denied = new Set<string>();
  const auth = mockCredentials.user.header();

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    tap = await startTap(sandbox.baseUrl);
    const viaTap = (url: string) => url.replace(sandbox.baseUrl, tap.url);
    const agents: JsonObject[] = sandbox.agents.map(agent =>
      sandboxAgentConfig(agent, { url: viaTap(agent.url), timeoutMs: 3000 }),
    );
    agents.push({
      id: 'ghost',
      kind: 'argocd',
      url: `http://127.0.0.1:${await closedPort()}`,
      timeoutMs: 3000,
      credentials: { token: 'ghost-argo-token-0005' },
    });

    const permissions = mockServices.permissions.mock({
      authorize: async (requests: EvaluatePermissionRequest[]) =>
        requests.map(r => ({
          result: denied.has(r.permission.name)
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
        })) as any,
    });

    const backend = await startTestBackend({
      features: [
        gitopsPlugin,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              database: { client: 'better-sqlite3', connection: ':memory:' },
            },
            gitops: {
              agents,
              // deliberately not in alphabetical order
              environments: configEnvironments,
              poller: { frequencySeconds: 0 },
            },
          },
        }),
        catalogServiceMock.factory({ entities }),
        permissions.factory,
        // without this, requests with no Authorization header act as a user
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
      ],
    });
    server = backend.server;
  });

  afterAll(async () => {
    await tap?.close();
    await sandbox?.close();
  });

  afterEach(() => denied.clear());

  const api = () => request(server);

  describe('authentication', () => {
    it.each([
      ['get', '/api/gitops/fleet/applications'],
      ['get', '/api/gitops/entity/default/component/payments/applications'],
      ['get', '/api/gitops/repositories'],
      ['get', '/api/gitops/proxy/nonprod/api/v1/applications'],
      [
        'post',
        '/api/gitops/entity/default/component/payments/applications/prod/payments-prod/sync',
      ],
    ] as const)('answers an anonymous %s %s with 401', async (method, path) => {
      const before = tap.seen.length;
      const res = await api()[method](path);
      expect(res.status).toBe(401);
      expect(tap.seen.length).toBe(before);
    });

    it('lets anyone read /health', async () => {
      const res = await api().get('/api/gitops/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });
  });

  describe('entity applications', () => {
    const names = (group: {
      applications: Array<{ name: string; agentId: string }>;
    }) => group.applications.map(a => `${a.agentId}/${a.name}`).sort();

    it('groups an entity’s applications by environment in promotion order', async () => {
      const res = await api()
        .get('/api/gitops/entity/default/component/payments/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.body.entityRef).toBe('component:default/payments');
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'qa', 'prod']);
      const [dev, qa, prod] = res.body.environments;
      expect(names(dev)).toEqual(['nonprod/payments-dev']);
      expect(names(qa)).toEqual(['nonprod/payments-qa']);
      expect(names(prod)).toEqual(['prod/payments-prod']);
      expect(prod.production).toBe(true);
      expect(dev.production).toBe(false);
    });

    it('serves an entity annotated only with argocd/app-selector the same way', async () => {
      const res = await api()
        .get('/api/gitops/entity/default/component/checkout/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'qa', 'prod']);
      const all = res.body.environments.flatMap(names);
      expect(all).toEqual(
        [
          'nonprod/checkout-dev',
          'nonprod/checkout-qa',
          'prod/checkout-prod',
        ].sort(),
      );
      const qa = res.body.environments[1].applications[0];
      expect(qa.health.status).toBe('Degraded');
    });

    it('reads Harness applications and their envRef environments', async () => {
      const res = await api()
        .get('/api/gitops/entity/default/component/risk/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'prod']);
      for (const group of res.body.environments) {
        expect(group.applications).toHaveLength(1);
        expect(group.applications[0]).toMatchObject({
          agentId: 'hx',
          agentKind: 'harness',
          environment: group.name,
        });
      }
    });

    it('reports stopped and unreachable agents per agent, and still answers with the others', async () => {
      const res = await api()
        .get('/api/gitops/entity/default/component/payments/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      const errored = res.body.errors
        .map((e: { agentId: string }) => e.agentId)
        .sort();
      expect(errored).toEqual(['ghost', 'standby']);
      for (const error of res.body.errors) {
        expect(error.message).toEqual(expect.any(String));
        expect(error.code).toEqual(expect.any(String));
      }
      const total = res.body.environments.reduce(
        (n: number, e: { applications: unknown[] }) =>
          n + e.applications.length,
        0,
      );
      expect(total).toBe(3);
    });

    it('is 404 for unknown entities and entities without GitOps annotations', async () => {
      for (const name of ['nope', 'plain']) {
        const res = await api()
          .get(`/api/gitops/entity/default/component/${name}/applications`)
          .set('Authorization', auth);
        expect(res.status).toBe(404);
      }
    });

    it('refuses an application the entity does not select', async () => {
      const res = await api()
        .get(
          '/api/gitops/entity/default/component/payments/applications/prod/checkout-prod',
        )
        .set('Authorization', auth);
      expect(res.status).toBe(404);
    });

    it('diffs as Argo CD does: only the drifted field differs, not what the cluster owns', async () => {
      const drift = sandbox.drift('prod', 'payments-prod', 'replicas');
      const res = await api()
        .get(
          '/api/gitops/entity/default/component/payments/applications/prod/payments-prod/diff',
        )
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      const items: Array<{
        kind: string;
        name: string;
        modified: boolean;
        targetState: Record<string, any> | null;
        liveState: Record<string, any> | null;
      }> = res.body.items;
      const changed = items.filter(i => i.modified);
      expect(changed.map(i => `${i.kind}/${i.name}`)).toEqual([
        `${drift.resource.kind}/${drift.resource.name}`,
      ]);
      const [deployment] = changed;
      // every top-level difference between the two sides, by path
      const differing = (
        a: Record<string, any>,
        b: Record<string, any>,
        at = '',
      ): string[] =>
        [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap(key => {
          const [x, y] = [a[key], b[key]];
          if (JSON.stringify(x) === JSON.stringify(y)) return [];
          return x && y && typeof x === 'object' && typeof y === 'object'
            ? differing(x, y, `${at}${key}.`)
            : [`${at}${key}`];
        });
      expect(differing(deployment.targetState!, deployment.liveState!)).toEqual(
        [drift.path],
      );
      // the cluster's own fields are on both sides, so they never show
      expect(deployment.liveState!.status).toBeDefined();
      expect(deployment.targetState!.status).toEqual(
        deployment.liveState!.status,
      );
      expect(deployment.targetState!.metadata.uid).toBe(
        deployment.liveState!.metadata.uid,
      );
      sandbox.reset('prod');
    });
  });

  describe('fleet applications', () => {
    type App = {
      agentId: string;
      name: string;
      health: { status: string };
      sync: { status: string };
    };
    const fleet = async (query: Record<string, string>) => {
      const res = await api()
        .get('/api/gitops/fleet/applications')
        .query(query)
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      return res.body as {
        items: App[];
        errors: Array<{ agentId: string }>;
        total: number;
      };
    };

    it('lists every reachable agent’s applications with errors for the others', async () => {
      const body = await fleet({});
      const agents = new Set(body.items.map(a => a.agentId));
      expect([...agents].sort()).toEqual(['hx', 'nonprod', 'prod']);
      // payments + checkout on dev/qa (nonprod) and prod, risk on dev/prod (hx)
      expect(body.total).toBe(8);
      expect(body.errors.map(e => e.agentId).sort()).toEqual([
        'ghost',
        'standby',
      ]);
    });

    it('answers JSON with its length', async () => {
      const res = await api()
        .get('/api/gitops/fleet/applications')
        .set('Authorization', auth)
        .set('Accept-Encoding', 'identity');
      expect(res.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(Number(res.headers['content-length'])).toBe(
        Buffer.byteLength(res.text),
      );
      expect(JSON.parse(res.text).total).toBe(8);
    });

    it('filters by agent', async () => {
      const body = await fleet({ agent: 'prod' });
      expect(body.items.map(a => a.name).sort()).toEqual([
        'checkout-prod',
        'payments-prod',
      ]);
      expect(body.items.every(a => a.agentId === 'prod')).toBe(true);
      expect(body.errors).toEqual([]);

      const two = await fleet({ agent: 'prod,hx' });
      expect(new Set(two.items.map(a => a.agentId))).toEqual(
        new Set(['prod', 'hx']),
      );
      expect(two.total).toBe(4);
    });

    it('filters by health', async () => {
      const body = await fleet({ health: 'Degraded' });
      expect(body.items.map(a => `${a.agentId}/${a.name}`)).toEqual([
        'nonprod/checkout-qa',
      ]);
      const healthy = await fleet({ health: 'Healthy' });
      expect(healthy.items.length).toBeGreaterThan(0);
      expect(healthy.items.every(a => a.health.status === 'Healthy')).toBe(
        true,
      );
      expect(healthy.items.map(a => a.name)).not.toContain('checkout-qa');
    });

    it('filters by sync status', async () => {
      const synced = await fleet({ sync: 'Synced' });
      expect(synced.items.length).toBeGreaterThan(0);
      expect(synced.items.every(a => a.sync.status === 'Synced')).toBe(true);
      const unknownOnly = await fleet({ sync: 'Unknown', agent: 'nonprod' });
      expect(unknownOnly.items).toEqual([]);
    });

    it('rejects filter values outside the model with 400', async () => {
      const res = await api()
        .get('/api/gitops/fleet/applications')
        .query({ health: 'Sick' })
        .set('Authorization', auth);
      expect(res.status).toBe(400);
    });
  });

  describe('operations', () => {
    const base =
      '/api/gitops/entity/default/component/payments/applications/prod/payments-prod';
    const getApp = async () => {
      const res = await api().get(base).set('Authorization', auth);
      expect(res.status).toBe(200);
      return res.body.application;
    };

    it('syncs through the agent and leaves an audit row', async () => {
      sandbox.drift('prod', 'payments-prod');
      const drifted = await getApp();
      expect(drifted.sync.status).toBe('OutOfSync');
      const startedBefore = drifted.operation?.startedAt;

      const res = await api()
        .post(`${base}/sync`)
        .set('Authorization', auth)
        .send({ prune: true });
      expect(res.status).toBe(200);
      expect(res.body.auditId).toMatch(/^[0-9a-f-]{36}$/);

      // The operation dropped the agent's cached list: the fleet view at
      // once shows the new operation, not the cached state from before.
      const fleet = await api()
        .get('/api/gitops/fleet/applications')
        .query({ agent: 'prod' })
        .set('Authorization', auth);
      const listed = fleet.body.items.find(
        (a: { name: string }) => a.name === 'payments-prod',
      );
      expect(listed.operation?.startedAt).toBeDefined();
      expect(listed.operation?.startedAt).not.toBe(startedBefore);

      const synced = await waitFor('payments-prod to sync', async () => {
        const app = await getApp();
        return app.sync.status === 'Synced' &&
          app.operation?.phase === 'Succeeded' &&
          app.operation?.startedAt !== startedBefore
          ? app
          : undefined;
      });
      expect(synced.health.status).toBe('Healthy');

      // The sandbox itself saw the sync: its raw API agrees.
      const prod = sandbox.agent('prod');
      const raw = await fetch(`${prod.url}/api/v1/applications/payments-prod`, {
        headers: { authorization: `Bearer ${prod.token}` },
      }).then(r => r.json());
      expect(raw.status.sync.status).toBe('Synced');
      expect(raw.status.operationState.operation.sync.prune).toBe(true);

      const audit = await api()
        .get('/api/gitops/audit')
        .query({ agent: 'prod', application: 'payments-prod' })
        .set('Authorization', auth);
      expect(audit.status).toBe(200);
      expect(audit.body.items).toContainEqual(
        expect.objectContaining({
          id: res.body.auditId,
          actor: mockCredentials.user().principal.userEntityRef,
          entityRef: 'component:default/payments',
          agentId: 'prod',
          application: 'payments-prod',
          action: 'sync',
          parameters: { prune: true },
          outcome: 'succeeded',
        }),
      );

      const events = await api()
        .get('/api/gitops/entity/default/component/payments/events')
        .set('Authorization', auth);
      expect(events.status).toBe(200);
      expect(events.body.audit.map((row: { id: string }) => row.id)).toContain(
        res.body.auditId,
      );
    });

    it('records a failed operation with its outcome', async () => {
      const res = await api()
        .post(`${base}/rollback`)
        .set('Authorization', auth)
        .send({ id: 987654 });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const audit = await api()
        .get('/api/gitops/audit')
        .query({ agent: 'prod', application: 'payments-prod' })
        .set('Authorization', auth);
      expect(audit.body.items[0]).toMatchObject({
        action: 'rollback',
        parameters: { id: 987654 },
        outcome: 'failed',
      });
    });

    it('rejects malformed operation bodies with 400 before calling the agent', async () => {
      const before = tap.seen.length;
      const res = await api()
        .post(`${base}/sync`)
        .set('Authorization', auth)
        .send({ prune: 'yes', surprise: true });
      expect(res.status).toBe(400);
      expect(tap.seen.slice(before).filter(r => r.method !== 'GET')).toEqual(
        [],
      );
    });

    it.each([
      ['refresh', gitopsApplicationRefreshPermission.name, {}],
      ['sync', gitopsApplicationSyncPermission.name, {}],
      ['rollback', gitopsApplicationRollbackPermission.name, { id: 0 }],
    ])(
      'answers %s with 403 when the permission is denied',
      async (op, permission, body) => {
        denied.add(permission);
        const auditBefore = await api()
          .get('/api/gitops/audit')
          .set('Authorization', auth);
        const before = tap.seen.length;
        const res = await api()
          .post(`${base}/${op}`)
          .set('Authorization', auth)
          .send(body);
        expect(res.status).toBe(403);
        // nothing was written to the agent, nothing audited as done
        expect(tap.seen.slice(before).filter(r => r.method !== 'GET')).toEqual(
          [],
        );
        const auditAfter = await api()
          .get('/api/gitops/audit')
          .set('Authorization', auth);
        expect(auditAfter.body.items).toHaveLength(
          auditBefore.body.items.length,
        );
      },
    );
  });

  describe('read permissions', () => {
    it.each([
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/applications',
      ],
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/applications/prod/payments-prod',
      ],
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/events',
      ],
      [gitopsFleetReadPermission.name, '/api/gitops/fleet/applications'],
      [gitopsFleetReadPermission.name, '/api/gitops/repositories'],
      [gitopsFleetReadPermission.name, '/api/gitops/clusters'],
      [gitopsAuditReadPermission.name, '/api/gitops/audit'],
    ])('denying %s makes %s answer 403', async (permission, path) => {
      denied.add(permission);
      const res = await api().get(path).set('Authorization', auth);
      expect(res.status).toBe(403);
      denied.clear();
      const allowed = await api().get(path).set('Authorization', auth);
      expect(allowed.status).toBe(200);
    });
  });

  describe('Harness applications and agent status', () => {
    const base =
      '/api/gitops/entity/default/component/risk/applications/hx/risk-dev';

    it('refreshes and syncs a Harness application, audited', async () => {
      const refresh = await api()
        .post(`${base}/refresh`)
        .set('Authorization', auth)
        .send({ mode: 'hard' });
      expect(refresh.status).toBe(200);
      expect(refresh.body.application).toMatchObject({
        agentId: 'hx',
        name: 'risk-dev',
      });

      const sync = await api()
        .post(`${base}/sync`)
        .set('Authorization', auth)
        .send({ dryRun: true });
      expect(sync.status).toBe(200);

      const audit = await api()
        .get('/api/gitops/audit')
        .query({ agent: 'hx', application: 'risk-dev' })
        .set('Authorization', auth);
      expect(audit.status).toBe(200);
      expect(
        audit.body.items.map((row: { action: string; outcome: string }) => [
          row.action,
          row.outcome,
        ]),
      ).toEqual([
        ['sync', 'succeeded'],
        ['refresh', 'succeeded'],
      ]);
      expect(audit.body.items[0].parameters).toEqual({ dryRun: true });
      expect(audit.body.items[1].parameters).toEqual({ mode: 'hard' });
    });

    it('reports each agent’s state, with errors for the dead ones', async () => {
      const res = await api()
        .get('/api/gitops/agents')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      const states = Object.fromEntries(
        res.body.items.map((a: { id: string; status: { state: string } }) => [
          a.id,
          a.status.state,
        ]),
      );
      expect(states).toMatchObject({
        nonprod: 'connected',
        prod: 'connected',
        hx: 'connected',
      });
      expect(states.standby).not.toBe('connected');
      expect(states.ghost).not.toBe('connected');
      // no agent credential in the agent list
      expect(res.text).not.toContain(sandbox.agent('nonprod').token);
    });
  });

  describe('secrets never leave the backend', () => {
    async function sandboxSecrets(): Promise<string[]> {
      const values = new Set(sandbox.secretValues());
      for (const agent of sandbox.agents) {
        const res = await fetch(`${agent.url}/_sandbox/secrets`, {
          headers: { authorization: `Bearer ${agent.token}` },
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { values: string[] };
        body.values.forEach(v => values.add(v));
        values.add(agent.token);
      }
      values.add('ghost-argo-token-0005');
      // CA certificates are public; the scrubber keeps caData on purpose
      // (see scrubSecrets.test.ts), though the sandbox lists it among its
      // secrets. Every other value must stay behind.
      for (const ca of await upstreamCaData()) values.delete(ca);
      return [...values].filter(v => v.length >= 8);
    }

    async function upstreamCaData(): Promise<string[]> {
      const found: string[] = [];
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === 'object') {
          for (const [key, child] of Object.entries(value)) {
            if (key === 'caData' && typeof child === 'string')
              found.push(child);
            else walk(child);
          }
        }
      };
      const nonprod = sandbox.agent('nonprod');
      const prod = sandbox.agent('prod');
      const hx = sandbox.agent('hx');
      const scope = new URLSearchParams({
        accountIdentifier: hx.accountIdentifier!,
        routingId: hx.accountIdentifier!,
        orgIdentifier: hx.orgIdentifier!,
        projectIdentifier: hx.projectIdentifier!,
      });
      for (const [url, headers] of [
        [
          `${nonprod.url}/api/v1/clusters`,
          { authorization: `Bearer ${nonprod.token}` },
        ],
        [
          `${prod.url}/api/v1/clusters`,
          { authorization: `Bearer ${prod.token}` },
        ],
        [
          `${hx.url}/gitops/api/v1/agents/${hx.agentIdentifier}/clusters?${scope}`,
          { 'x-api-key': hx.token },
        ],
      ] as const) {
        const res = await fetch(url, { headers });
        expect(res.status).toBe(200);
        walk(await res.json());
      }
      return found;
    }

    it.each([
      '/api/gitops/repositories',
      '/api/gitops/clusters',
      '/api/gitops/agents',
      '/api/gitops/fleet/applications',
      '/api/gitops/proxy/nonprod/api/v1/repositories',
      '/api/gitops/proxy/nonprod/api/v1/clusters',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev/managed-resources',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev/resource-tree',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev',
      '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev/diff',
      '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/repositories',
      '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/clusters',
    ])('%s carries no sandbox secret', async path => {
      const res = await api().get(path).set('Authorization', auth);
      expect(res.status).toBeLessThan(500);
      expect(res.text.length).toBeGreaterThan(2);
      const secrets = await sandboxSecrets();
      expect(secrets.length).toBeGreaterThan(4);
      const leaked = secrets.filter(secret => res.text.includes(secret));
      expect(leaked).toEqual([]);
    });

    it('does have secret material upstream (so the check above is not vacuous)', async () => {
      const nonprod = sandbox.agent('nonprod');
      const raw = await fetch(
        `${nonprod.url}/api/v1/applications/payments-dev/managed-resources`,
        { headers: { authorization: `Bearer ${nonprod.token}` } },
      ).then(r => r.text());
      const secrets = await sandboxSecrets();
      expect(secrets.some(secret => raw.includes(secret))).toBe(true);
    });
  });

  describe('guarded proxy', () => {
    it('forwards an allowlisted GET with the agent credential', async () => {
      const before = tap.seen.length;
      const res = await api()
        .get('/api/gitops/proxy/nonprod/api/v1/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      const names = res.body.items.map(
        (a: { metadata: { name: string } }) => a.metadata.name,
      );
      expect(names).toContain('payments-dev');
      expect(tap.seen.slice(before).map(r => r.url)).toContainEqual(
        expect.stringContaining('/agents/nonprod/api/v1/applications'),
      );
    });

    it.each([
      [
        'a .. segment',
        '/api/gitops/proxy/nonprod/api/v1/applications/../session',
      ],
      [
        'an encoded .. segment',
        '/api/gitops/proxy/nonprod/api/v1/applications/%2e%2e/session',
      ],
      [
        'an encoded slash',
        '/api/gitops/proxy/nonprod/api/v1/applications%2Fpayments-dev',
      ],
      [
        'a double-encoded slash',
        '/api/gitops/proxy/nonprod/api/v1/applications%252Fpayments-dev',
      ],
      [
        'a backslash',
        '/api/gitops/proxy/nonprod/api/v1/applications\\payments-dev',
      ],
      [
        'an encoded backslash',
        '/api/gitops/proxy/nonprod/api/v1/applications%5Cpayments-dev',
      ],
      ['a . segment', '/api/gitops/proxy/nonprod/api/v1/./applications'],
      [
        '.. out of the agent',
        '/api/gitops/proxy/nonprod/../prod/api/v1/applications',
      ],
      ['a double slash', '/api/gitops/proxy/nonprod/api/v1//applications'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/session'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/account'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/settings'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/_sandbox/secrets'],
      [
        'an unlisted path',
        '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/applications/risk-dev/sync',
      ],
      ['an unknown agent', '/api/gitops/proxy/elsewhere/api/v1/applications'],
    ])(
      'rejects %s (%s) with 4xx without reaching the agent',
      async (_what, path) => {
        const before = tap.seen.length;
        const status = await rawGet(server, path, { authorization: auth });
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
        expect(tap.seen.slice(before)).toEqual([]);
      },
    );

    it.each(['post', 'put', 'patch', 'delete'] as const)(
      'rejects %s with 4xx without reaching the agent',
      async method => {
        const before = tap.seen.length;
        const res = await api()
          [method]('/api/gitops/proxy/nonprod/api/v1/applications/payments-dev')
          .set('Authorization', auth)
          .send({ spec: {} });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(tap.seen.slice(before)).toEqual([]);
      },
    );

    it('is 403 without the proxy permission and never reaches the agent', async () => {
      denied.add(gitopsProxyPermission.name);
      const before = tap.seen.length;
      const res = await api()
        .get('/api/gitops/proxy/nonprod/api/v1/applications')
        .set('Authorization', auth);
      expect(res.status).toBe(403);
      expect(tap.seen.slice(before)).toEqual([]);
    });

    it('does not forward the caller’s Authorization header', async () => {
      const before = tap.seen.length;
      const res = await api()
        .get('/api/gitops/proxy/nonprod/api/version')
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      const forwarded = tap.seen.slice(before);
      expect(forwarded).toHaveLength(1);
      expect(forwarded[0].authorization).toBe(
        `Bearer ${sandbox.agent('nonprod').token}`,
      );
    });
  });
});
