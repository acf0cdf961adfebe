import {
  mockCredentials,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { ConflictError, NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  application,
  InMemoryGitOpsProvider,
} from '@gitops-suite/plugin-gitops-node/testUtils';
import { componentEntity } from '../testUtils';
import {
  createInMemoryServices,
  inCluster,
  InMemoryServices,
} from '../testUtils/inMemoryServices';
import { rollback, sync } from './applicationOperations';

jest.setTimeout(30_000);

/*
 * The write path of the core (EntityAccess, the one write decision with
 * the trust model, the audited run, the re-read into the fleet state)
 * as createGitOpsServices wires it, over an in-memory agent, Backstage's
 * catalog and permission mocks and a real SQLite audit store.
 */

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const entityRef = { kind: 'component', namespace: 'default', name: 'payments' };
const caller = (name = 'payments-dev') => ({
  credentials: mockCredentials.user('user:default/ada'),
  target: { entityRef, agentId: 'dev', name },
});

async function wire(options: { allowed: boolean; projectOwners?: string[] }) {
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
    clusters: [inCluster('dev')],
  });
  const decision = options.allowed
    ? AuthorizeResult.ALLOW
    : AuthorizeResult.DENY;
  const services = await createInMemoryServices({
    providers: [provider],
    entities: [componentEntity('payments', { 'gitops/service': 'payments' })],
    database: mockServices.database({ knex: await databases.init('SQLITE_3') }),
    permissions: mockServices.permissions.mock({
      authorize: async requests => requests.map(() => ({ result: decision })),
      authorizeConditional: async requests =>
        requests.map(() => ({ result: AuthorizeResult.ALLOW })),
    }),
    gitops: {
      environments: [{ name: 'dev', order: 1 }],
      fleet: { resyncIntervalSeconds: 600, pollIntervalSeconds: 600 },
      catalog: { cacheSeconds: 0 },
    },
  });
  return { ...services, provider, view: services.fleet, store: services.audit };
}

describe('Operations over an in-memory agent', () => {
  let fleet: InMemoryServices | undefined;
  afterEach(() => fleet?.stop());

  it('syncs an entity’s application: audited as succeeded, the agent and the fleet state changed', async () => {
    const wired = await wire({ allowed: true });
    fleet = wired;
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
    fleet = wired;
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
    fleet = wired;
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
    fleet = wired;
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
