import { permissionsRegistryServiceFactory } from '@backstage/backend-defaults/permissionsRegistry';
import {
  mockCredentials,
  mockServices,
  ServiceFactoryTester,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { ConflictError, NotAllowedError } from '@backstage/errors';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  application,
  InMemoryGitOpsProvider,
} from '@gitops-suite/plugin-gitops-node/testUtils';
import { DatabaseAuditStore } from '../audit/DatabaseAuditStore';
import { CachedEntityLookup } from '../catalog/CachedEntityLookup';
import { ApplicationRefresh } from '../fleet/ApplicationRefresh';
import { createFleet, Fleet } from '../fleet/createFleet';
import { FleetView } from '../fleet/FleetView';
import { AgentUserIdentity } from '../identity/AgentUserIdentity';
import { OperationRunner } from '../operations/OperationRunner';
import { registerDeployTargets } from '../permissions/registerDeployTargets';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { DeploymentTrust } from '../trust/DeploymentTrust';
import { WriteAuthorization } from '../trust/WriteAuthorization';
import { rollback, sync } from './applicationOperations';
import { EntityAccess } from './EntityAccess';
import { Operations } from './Operations';

jest.setTimeout(30_000);

/*
 * The write path of the core (EntityAccess, the one write decision with
 * the trust model, the audited run, the re-read into the fleet state)
 * wired as createGitOpsServices wires it, over an in-memory agent,
 * Backstage's catalog and permission mocks and a real SQLite audit store.
 */

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const entityRef = { kind: 'component', namespace: 'default', name: 'payments' };
const caller = (name = 'payments-dev') => ({
  credentials: mockCredentials.user('user:default/ada'),
  target: { entityRef, agentId: 'dev', name },
});

async function wire(options: { allowed: boolean; projectOwners?: string[] }) {
  const logger = mockServices.logger.mock();
  const provider = InMemoryGitOpsProvider.create({
    agent: { id: 'dev', environments: ['dev'] },
    applications: [
      application({
        name: 'payments-dev',
        project: 'payments',
        labels: { 'gitops/service': 'payments', 'gitops/environment': 'dev' },
        sync: { status: 'OutOfSync', revision: 'c0ffee' },
        history: [
          { id: 0, revision: 'a1', deployedAt: '2026-11-26T00:00:00Z' },
        ],
      }),
    ],
    projects: [
      {
        name: 'payments',
        destinations: [{ server: '*', namespace: '*' }],
        sourceRepos: ['*'],
        owners: options.projectOwners ?? ['group:default/team-a'],
      },
    ],
    clusters: [
      {
        agentId: 'dev',
        name: 'in-cluster',
        server: 'https://kubernetes.default.svc',
        connectionState: { status: 'Successful' },
        labels: {},
      },
    ],
  });
  const registry = ProviderRegistry.create({
    agents: [
      {
        id: 'dev',
        kind: 'memory',
        url: 'memory://dev',
        timeoutMs: 5_000,
        config: new ConfigReader({}),
      },
    ],
    environments: [{ name: 'dev', order: 1 }],
    factories: new Map([['memory', InMemoryGitOpsProvider.factory(provider)]]),
    logger,
  });
  const fleet = createFleet({
    registry,
    logger,
    resyncIntervalMs: 600_000,
    pollIntervalMs: 600_000,
    knownSecrets: registry.secrets,
  });
  fleet.start();
  await fleet.state.whenLoaded('dev', AbortSignal.timeout(5_000));
  const view = new FleetView(registry, fleet.state);

  const catalog = catalogServiceMock({
    entities: [
      {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Component',
        metadata: {
          name: 'payments',
          annotations: { 'gitops/service': 'payments' },
        },
        spec: { type: 'service', owner: 'team-a', lifecycle: 'production' },
      },
    ],
  });
  const decision = options.allowed
    ? AuthorizeResult.ALLOW
    : AuthorizeResult.DENY;
  const permissions = mockServices.permissions.mock({
    authorize: async requests => requests.map(() => ({ result: decision })),
    authorizeConditional: async requests =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  });
  const auth = mockServices.auth();
  const permissionsRegistry = await ServiceFactoryTester.from(
    permissionsRegistryServiceFactory,
    { dependencies: [mockServices.httpRouter.mock().factory] },
  ).getSubject('gitops');
  const store = await DatabaseAuditStore.create({
    database: mockServices.database({ knex: await databases.init('SQLITE_3') }),
  });
  const access = new EntityAccess({
    permissions,
    catalog,
    entityLookup: new CachedEntityLookup(catalog, { ttlMs: 0 }),
    registry,
    fleet: view,
    environments: [{ name: 'dev', order: 1 }],
  });
  const trust = new DeploymentTrust({
    rules: [],
    registry,
    fleet: view,
    catalog,
    auth,
    logger,
  });
  const operations = new Operations({
    access,
    writes: new WriteAuthorization({
      permissions,
      catalog,
      auth,
      fleet: view,
      trust,
      deployTargets: registerDeployTargets(permissionsRegistry),
    }),
    runner: new OperationRunner(
      store,
      mockServices.auditor.mock(),
      {
        view,
        refresh: new ApplicationRefresh(registry, fleet.state, fleet.feeders),
      },
      logger,
    ),
    userIdentity: new AgentUserIdentity({
      agents: registry.agents,
      provider: agentId => registry.get(agentId),
      catalog,
      auth,
    }),
  });
  return { provider, fleet, view, store, operations };
}

describe('Operations over an in-memory agent', () => {
  let fleet: Fleet | undefined;
  afterEach(() => fleet?.stop());

  it('syncs an entity’s application: audited as succeeded, the agent and the fleet state changed', async () => {
    const wired = await wire({ allowed: true });
    fleet = wired.fleet;
    const { auditId, application: synced } = await sync(wired, caller(), {
      revision: 'd4',
    });
    expect(synced).toMatchObject({
      sync: { status: 'Synced', revision: 'd4' },
      operation: { phase: 'Succeeded', initiatedBy: 'admin' },
    });
    expect(await wired.store.getOperation(auditId)).toMatchObject({
      actor: 'user:default/ada',
      entityRef: 'component:default/payments',
      agentId: 'dev',
      application: 'payments-dev',
      action: 'sync',
      parameters: { revision: 'd4' },
      outcome: 'succeeded',
    });
    expect(
      (await wired.provider.getApplication({ name: 'payments-dev' }))
        .history[0],
    ).toMatchObject({ id: 1, revision: 'd4' });
    // the state the view answers from has it (the re-read after the operation, and the watch)
    const answer = await wired.view.entityApplications({
      services: ['payments'],
      applications: [],
    });
    expect(answer.items.map(a => [a.name, a.sync.status])).toEqual([
      ['payments-dev', 'Synced'],
    ]);
  });

  it('refuses a rollback the agent would refuse (auto-sync on) before any audit row', async () => {
    const wired = await wire({ allowed: true });
    fleet = wired.fleet;
    await wired.provider.setSyncPolicy(
      { name: 'payments-dev' },
      { automated: true, prune: false, selfHeal: false },
    );
    await expect(rollback(wired, caller(), { id: 0 })).rejects.toThrow(
      ConflictError,
    );
    expect(await wired.store.listOperations()).toEqual([]);
  });

  it('refuses a write to an application whose project belongs to other owners (the trust model)', async () => {
    const wired = await wire({
      allowed: true,
      projectOwners: ['group:default/team-b'],
    });
    fleet = wired.fleet;
    const refusal = await sync(wired, caller(), {}).catch(e => e);
    expect(refusal).toBeInstanceOf(NotAllowedError);
    expect(refusal.message).toContain('team-b');
    expect(await wired.store.listOperations()).toMatchObject([
      { action: 'sync', outcome: 'refused' },
    ]);
    expect(
      (await wired.provider.getApplication({ name: 'payments-dev' })).history,
    ).toHaveLength(1);
  });

  it('refuses a user without the permission, audited as refused, and leaves the agent alone', async () => {
    const wired = await wire({ allowed: false });
    fleet = wired.fleet;
    await expect(sync(wired, caller(), {})).rejects.toThrow(NotAllowedError);
    const rows = await wired.store.listOperations();
    expect(rows).toMatchObject([
      { action: 'sync', application: 'payments-dev', outcome: 'refused' },
    ]);
    expect(
      (await wired.provider.getApplication({ name: 'payments-dev' })).sync
        .status,
    ).toBe('OutOfSync');
  });
});
