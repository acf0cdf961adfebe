import http from 'node:http';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { createBackendPlugin } from '@backstage/backend-plugin-api';
import {
  actionsServiceRef,
  ActionsService,
} from '@backstage/backend-plugin-api/alpha';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  AuthorizeResult,
  EvaluatePermissionRequest,
} from '@backstage/plugin-permission-common';
import {
  gitopsApplicationReadPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationSyncPermission,
  gitopsFleetReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import {
  FaultConfig,
  startSandbox,
  Sandbox,
} from '@gitops-suite/sandbox-agent';
import request from 'supertest';
import { gitopsPlugin } from '../plugin';
import {
  configEnvironments,
  componentEntity,
} from '../testUtils/sandboxFixtures';
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * The GitOps actions as automation and AI assistants use them: the real
 * plugin in a test backend with Backstage's real actions registry, invoked
 * over its HTTP API (and through the actions service, as an assistant
 * backend would), talking over real HTTP to sandbox agents.
 */

const scenario = shopScenario('gitops-backend-actions-test', {
  services: [
    shopService('payments', { agents: ['nonprod', 'prod'] }),
    shopService('checkout', {
      agents: ['nonprod', 'prod'],
      overrides: { qa: { health: 'Degraded' } },
    }),
    shopService('ledger', {
      agents: ['prod'],
      overrides: { prod: { health: 'Degraded' } },
    }),
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
  ],
});

const entity = componentEntity;

const entities = [
  entity('payments', { 'gitops/service': 'payments' }),
  entity('checkout', { 'argocd/app-selector': 'gitops/service=checkout' }),
  entity('plain', {}),
];

const ACTIONS = '/api/gitops/.backstage/actions/v1/actions';
const GET_STATUS = 'gitops:get-entity-gitops-status';
const LIST_DEGRADED = 'gitops:list-degraded-applications';
const REFRESH = 'gitops:refresh-application';
const SYNC = 'gitops:sync-application';

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('gitops actions (actions registry over real sandbox agents)', () => {
  let sandbox: Sandbox;
  let server: http.Server;
  let actionsService: ActionsService;
  /** Permission names the permission service denies right now. */
  const denied = new Set<string>();
  const auth = mockCredentials.user.header();

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    const agents = sandbox.agents.map(agent => ({
      id: agent.id,
      kind: agent.kind,
      url: agent.url,
      timeoutMs: 3000,
      credentials: { token: agent.token },
    }));

    const permissions = mockServices.permissions.mock({
      authorize: async (requests: EvaluatePermissionRequest[]) =>
        requests.map(r => ({
          result: denied.has(r.permission.name)
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
        })) as any,
    });

    // another backend plugin that calls actions, as an AI assistant
    // backend (MCP) does
    const assistant = createBackendPlugin({
      pluginId: 'assistant',
      register(env) {
        env.registerInit({
          deps: { actions: actionsServiceRef },
          async init({ actions }) {
            actionsService = actions;
          },
        });
      },
    });

    const backend = await startTestBackend({
      features: [
        gitopsPlugin,
        assistant,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              database: { client: 'better-sqlite3', connection: ':memory:' },
              actions: { pluginSources: ['gitops'] },
            },
            gitops: {
              agents,
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
    await sandbox?.close();
  });

  afterEach(() => denied.clear());

  const invoke = (id: string, input: object, header = auth) =>
    request(server)
      .post(`${ACTIONS}/${encodeURIComponent(id)}/invoke`)
      .set('Authorization', header)
      .send(input);

  /** The application as the sandbox agent itself reports it. */
  async function rawApplication(agentId: string, name: string) {
    const agent = sandbox.agent(agentId);
    const res = await fetch(`${agent.url}/api/v1/applications/${name}`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(res.status).toBe(200);
    return res.json();
  }

  /** The agent's store version: any write to the agent changes it. */
  async function agentVersion(agentId: string): Promise<string> {
    const agent = sandbox.agent(agentId);
    const res = await fetch(`${agent.url}/_sandbox/state`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    return (await res.json()).resourceVersion;
  }

  async function auditRows(): Promise<
    Array<{ id: string; actor: string; action: string; outcome: string }>
  > {
    const res = await request(server)
      .get('/api/gitops/audit')
      .set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  describe('registry', () => {
    it('lists the four GitOps actions with described schemas and honest attributes', async () => {
      const res = await request(server).get(ACTIONS).set('Authorization', auth);
      expect(res.status).toBe(200);
      const byId = new Map<string, any>(
        res.body.actions.map((a: { id: string }) => [a.id, a]),
      );
      expect([...byId.keys()].sort()).toEqual(
        [GET_STATUS, LIST_DEGRADED, REFRESH, SYNC].sort(),
      );
      expect(byId.get(GET_STATUS).attributes).toEqual({
        readOnly: true,
        destructive: false,
        idempotent: true,
      });
      expect(byId.get(LIST_DEGRADED).attributes.readOnly).toBe(true);
      expect(byId.get(REFRESH).attributes).toMatchObject({
        readOnly: false,
        destructive: false,
      });
      expect(byId.get(SYNC).attributes).toMatchObject({
        readOnly: false,
        destructive: true,
      });
      for (const action of byId.values()) {
        expect(action.pluginId).toBe('gitops');
        expect(action.description.length).toBeGreaterThan(100);
        for (const [field, schema] of Object.entries<any>(
          action.schema.input.properties,
        )) {
          expect([field, typeof schema.description]).toEqual([field, 'string']);
        }
      }
      expect(byId.get(SYNC).schema.input.required).toEqual(
        expect.arrayContaining(['entityRef', 'agentId', 'application']),
      );
    });

    it('is listed to an assistant backend through the actions service', async () => {
      const { actions } = await actionsService.list({
        credentials: mockCredentials.user(),
      });
      expect(actions.map(a => a.id).sort()).toEqual(
        [GET_STATUS, LIST_DEGRADED, REFRESH, SYNC].sort(),
      );
    });

    it('refuses anonymous callers before anything runs', async () => {
      const res = await request(server)
        .post(`${ACTIONS}/${GET_STATUS}/invoke`)
        .send({ entityRef: 'component:default/payments' });
      expect(res.status).toBe(401);
    });
  });

  describe('get-entity-gitops-status', () => {
    it('returns the entity’s environments in promotion order with the revisions the agents report', async () => {
      const res = await invoke(GET_STATUS, {
        entityRef: 'component:default/payments',
      });
      expect(res.status).toBe(200);
      const { output } = res.body;
      expect(output.entityRef).toBe('component:default/payments');
      expect(output.errors).toEqual([]);
      expect(output.environments.map((e: { name: string }) => e.name)).toEqual([
        'dev',
        'qa',
        'prod',
      ]);
      expect(
        output.environments.map((e: { production: boolean }) => e.production),
      ).toEqual([false, false, true]);

      const expected: Array<[string, string, string]> = [
        ['dev', 'nonprod', 'payments-dev'],
        ['qa', 'nonprod', 'payments-qa'],
        ['prod', 'prod', 'payments-prod'],
      ];
      for (const [environment, agentId, name] of expected) {
        const group = output.environments.find(
          (e: { name: string }) => e.name === environment,
        );
        expect(group.applications).toHaveLength(1);
        const [app] = group.applications;
        const raw = await rawApplication(agentId, name);
        expect(app).toMatchObject({
          agentId,
          name,
          environment,
          project: 'shop',
          syncStatus: raw.status.sync.status,
          healthStatus: raw.status.health.status,
          revision: raw.status.sync.revision,
        });
        expect(app.revision).toMatch(/^[0-9a-f]{40}$/);
      }
    });

    it('accepts a bare name (kind Component, namespace default) and reports health', async () => {
      const res = await invoke(GET_STATUS, { entityRef: 'checkout' });
      expect(res.status).toBe(200);
      const qa = res.body.output.environments.find(
        (e: { name: string }) => e.name === 'qa',
      );
      expect(qa.applications[0]).toMatchObject({
        name: 'checkout-qa',
        healthStatus: 'Degraded',
      });
    });

    it('answers the assistant backend the same through the actions service', async () => {
      const viaHttp = await invoke(GET_STATUS, {
        entityRef: 'component:default/payments',
      });
      const viaService = await actionsService.invoke({
        id: GET_STATUS,
        input: { entityRef: 'component:default/payments' },
        credentials: mockCredentials.user(),
      });
      expect(viaService.output).toEqual(viaHttp.body.output);
    });

    it.each([
      [{}, 400, /entityRef/],
      [{ entityRef: 'component:default/' }, 400, /Invalid entityRef/],
      [{ entityRef: 'component:default/nobody' }, 404, /was not found/],
      [{ entityRef: 'component:default/plain' }, 404, /no GitOps annotations/],
    ])('answers %j with %i', async (input, status, message) => {
      const res = await invoke(GET_STATUS, input);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body.error)).toMatch(message);
    });
  });

  describe('list-degraded-applications', () => {
    const names = (items: Array<{ agentId: string; name: string }>) =>
      items.map(a => `${a.agentId}/${a.name}`).sort();

    it('lists the degraded applications of the whole fleet', async () => {
      const res = await invoke(LIST_DEGRADED, {});
      expect(res.status).toBe(200);
      expect(names(res.body.output.items)).toEqual([
        'nonprod/checkout-qa',
        'prod/ledger-prod',
      ]);
      expect(res.body.output.total).toBe(2);
      expect(
        res.body.output.items.every(
          (a: { healthStatus: string }) => a.healthStatus === 'Degraded',
        ),
      ).toBe(true);
    });

    it('narrows by environment and by agent', async () => {
      const prod = await invoke(LIST_DEGRADED, { environment: ['prod'] });
      expect(names(prod.body.output.items)).toEqual(['prod/ledger-prod']);
      const nonprod = await invoke(LIST_DEGRADED, { agent: ['nonprod'] });
      expect(names(nonprod.body.output.items)).toEqual(['nonprod/checkout-qa']);
      const limited = await invoke(LIST_DEGRADED, { limit: 1 });
      expect(limited.body.output.items).toHaveLength(1);
      expect(limited.body.output.total).toBe(2);
    });

    it('names an unknown agent instead of answering with nothing', async () => {
      const res = await invoke(LIST_DEGRADED, { agent: ['elsewhere'] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/elsewhere/);
    });
  });

  describe('operations', () => {
    const target = {
      entityRef: 'component:default/payments',
      agentId: 'prod',
      application: 'payments-prod',
    };

    it('sync-application syncs through the agent and leaves an audit row with the caller as actor', async () => {
      sandbox.drift('prod', 'payments-prod');
      const drifted = await rawApplication('prod', 'payments-prod');
      expect(drifted.status.sync.status).toBe('OutOfSync');
      const startedBefore = drifted.status.operationState?.startedAt;
      const versionBefore = await agentVersion('prod');

      const res = await invoke(SYNC, { ...target, prune: true });
      expect(res.status).toBe(200);
      // a write to the agent moves its version (what the denial tests rely on)
      expect(await agentVersion('prod')).not.toBe(versionBefore);
      expect(res.body.output.auditId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.output.application).toMatchObject({
        agentId: 'prod',
        name: 'payments-prod',
      });

      // the sandbox agent itself ran the sync, with the asked options
      const synced = await waitFor('payments-prod to sync', async () => {
        const raw = await rawApplication('prod', 'payments-prod');
        return raw.status.sync.status === 'Synced' &&
          raw.status.operationState?.phase === 'Succeeded' &&
          raw.status.operationState?.startedAt !== startedBefore
          ? raw
          : undefined;
      });
      expect(synced.status.operationState.operation.sync.prune).toBe(true);

      expect(await auditRows()).toContainEqual(
        expect.objectContaining({
          id: res.body.output.auditId,
          actor: mockCredentials.user().principal.userEntityRef,
          entityRef: 'component:default/payments',
          agentId: 'prod',
          application: 'payments-prod',
          action: 'sync',
          parameters: { prune: true },
          outcome: 'succeeded',
        }),
      );
    });

    it('refresh-application refreshes for the user an assistant acts for, audited under that user', async () => {
      const alice = mockCredentials.user('user:default/alice');
      const { output } = await actionsService.invoke({
        id: REFRESH,
        input: { ...target, mode: 'hard' },
        credentials: alice,
      });
      const { auditId } = output as { auditId: string };
      expect(await auditRows()).toContainEqual(
        expect.objectContaining({
          id: auditId,
          actor: 'user:default/alice',
          action: 'refresh',
          parameters: { mode: 'hard' },
          outcome: 'succeeded',
        }),
      );
    });

    it.each<[FaultConfig, number, RegExp]>([
      [{ errorRate: 1, errorStatuses: [500] }, 502, /prod/],
      [{ hangRate: 1, hangMs: 10_000 }, 504, /did not answer|timed out|time/i],
    ])(
      'answers a failing agent (%j) as the routes do: %i, naming the agent',
      async (faults, status, message) => {
        sandbox.setFaults('prod', {
          ...faults,
          methods: ['POST'],
          paths: ['/sync$'],
        });
        try {
          const res = await invoke(SYNC, target);
          expect(res.status).toBe(status);
          expect(res.body.error.message).toMatch(message);
          expect(JSON.stringify(res.body)).not.toContain('prod-argo-token');
        } finally {
          sandbox.setFaults('prod', {});
        }
      },
    );

    it('refuses an application the entity does not select, without an audit row', async () => {
      const before = await auditRows();
      const res = await invoke(SYNC, { ...target, application: 'ledger-prod' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(
        /does not belong to component:default\/payments/,
      );
      expect(await auditRows()).toHaveLength(before.length);
    });

    it('rejects input outside the schema with 400 before calling the agent', async () => {
      const version = await agentVersion('prod');
      const res = await invoke(SYNC, { ...target, prune: 'yes' });
      expect(res.status).toBe(400);
      expect(await agentVersion('prod')).toBe(version);
    });

    it.each([
      [SYNC, gitopsApplicationSyncPermission.name, { prune: true }],
      [REFRESH, gitopsApplicationRefreshPermission.name, { mode: 'hard' }],
    ])(
      'refuses %s when %s is denied: nothing reaches the agent nor the audit table',
      async (id, permission, options) => {
        sandbox.drift('prod', 'payments-prod');
        const rawBefore = await rawApplication('prod', 'payments-prod');
        const versionBefore = await agentVersion('prod');
        const auditBefore = await auditRows();

        denied.add(permission);
        const res = await invoke(id, { ...target, ...options });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toContain(permission);

        expect(await agentVersion('prod')).toBe(versionBefore);
        const rawAfter = await rawApplication('prod', 'payments-prod');
        expect(rawAfter.status.sync.status).toBe('OutOfSync');
        expect(rawAfter.status.operationState).toEqual(
          rawBefore.status.operationState,
        );
        expect(await auditRows()).toHaveLength(auditBefore.length);
      },
    );
  });

  describe('read permissions', () => {
    it.each([
      [
        gitopsApplicationReadPermission.name,
        GET_STATUS,
        { entityRef: 'component:default/payments' },
      ],
      [gitopsFleetReadPermission.name, LIST_DEGRADED, {}],
    ])('denying %s refuses %s', async (permission, id, input) => {
      denied.add(permission);
      const res = await invoke(id, input);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(permission);
      denied.clear();
      expect((await invoke(id, input)).status).toBe(200);
    });
  });
});
