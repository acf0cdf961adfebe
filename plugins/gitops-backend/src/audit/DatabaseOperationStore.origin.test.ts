import { mockServices } from '@backstage/backend-test-utils';
import { createTestDatabases } from '../testUtils/testDatabases';
import { at, operation, T0, testClock } from '../testUtils/auditFixtures';
import { DatabaseOperationStore } from './DatabaseOperationStore';
import { AgentOperationInput } from './types';

jest.setTimeout(60_000);

const databases = createTestDatabases();

/** A history entry of payments-prod deployed by bob with the Argo CD CLI. */
function entry(overrides: Partial<AgentOperationInput> = {}) {
  return {
    agentId: 'prod-eu',
    application: 'payments-prod',
    environment: 'prod',
    initiatedBy: 'bob',
    historyId: 7,
    revision: 'def456',
    startedAt: '2026-11-22T09:00:00.000Z',
    finishedAt: '2026-11-22T09:00:05.000Z',
    ...overrides,
  };
}

describe.each(databases.eachSupportedId())(
  'DatabaseOperationStore origin and filters (%s)',
  id => {
    let clock: ReturnType<typeof testClock>;

    async function createStore() {
      const knex = await databases.init(id);
      return DatabaseOperationStore.create({
        database: mockServices.database({ knex }),
        clock: () => clock.now(),
        pendingTimeout: { seconds: 30 },
      });
    }

    beforeEach(() => {
      clock = testClock();
    });

    it('records a deployment made outside the portal once, as its initiator', async () => {
      const store = await createStore();
      await expect(store.recordAgentOperations([entry()])).resolves.toBe(1);
      // another replica, or the next read of the same history
      await expect(
        store.recordAgentOperations([
          entry(),
          entry({
            historyId: 8,
            startedAt: '2026-11-22T09:30:00.000Z',
            finishedAt: '2026-11-22T09:30:05.000Z',
          }),
        ]),
      ).resolves.toBe(1);

      const listed = await store.listOperations({ origin: 'agent' });
      expect(listed.map(row => row.parameters.historyId)).toEqual([8, 7]);
      expect(listed[1]).toEqual({
        id: expect.any(String),
        actor: 'bob',
        historyId: 7,
        agentId: 'prod-eu',
        application: 'payments-prod',
        action: 'sync',
        parameters: { historyId: 7, revision: 'def456' },
        outcome: 'succeeded',
        startedAt: '2026-11-22T09:00:00.000Z',
        finishedAt: '2026-11-22T09:00:05.000Z',
        origin: 'agent',
        environment: 'prod',
      });
      await expect(store.listOperations({ origin: 'portal' })).resolves.toEqual(
        [],
      );
    });

    it('names an automated or unattributed entry, and keeps namespaces apart', async () => {
      const store = await createStore();
      await store.recordAgentOperations([
        entry({ initiatedBy: undefined }),
        entry({ appNamespace: 'team-a' }),
      ]);
      const listed = await store.listOperations({ origin: 'agent' });
      expect(
        listed.map(row => [row.actor, row.appNamespace ?? null]).sort(),
      ).toEqual([
        ['bob', 'team-a'],
        ['unknown initiator', null],
      ]);
    });

    it('leaves out the entries a portal sync or rollback explains', async () => {
      const store = await createStore();
      // the portal's sync at T0, the agent's at T0 + 3 s
      const portal = await store.startOperation(operation());
      await store.completeOperation(portal.id, { outcome: 'succeeded' });
      const refused = await store.startOperation(
        operation({ application: 'checkout-prod' }),
      );
      await store.completeOperation(refused.id, { outcome: 'refused' });

      const after = (ms: number) => ({
        startedAt: at(T0, ms).toISOString(),
        finishedAt: at(T0, ms + 5000).toISOString(),
      });
      const recorded = await store.recordAgentOperations([
        entry({ ...after(3000), historyId: 1 }),
        // three minutes later: someone else, outside the portal
        entry({ ...after(180_000), historyId: 2 }),
        // a refused request deployed nothing
        entry({ ...after(3000), application: 'checkout-prod', historyId: 1 }),
      ]);
      expect(recorded).toBe(2);
      const agentRows = await store.listOperations({ origin: 'agent' });
      expect(
        agentRows.map(row => [row.application, row.parameters.historyId]),
      ).toEqual([
        ['payments-prod', 2],
        ['checkout-prod', 1],
      ]);
    });

    it('links the history entry to the portal request that explains it, once, the closest', async () => {
      const store = await createStore();
      // a dry run at T0, then jane's sync at T0 + 1 s; the agent deploys at
      // T0 + 3 s (history entry 1)
      const dryRun = await store.startOperation(
        operation({ parameters: { dryRun: true } }),
      );
      await store.completeOperation(dryRun.id, { outcome: 'succeeded' });
      clock.tick(1000);
      const sync = await store.startOperation(
        operation({ actor: 'user:default/jane' }),
      );
      // the agent may record the entry before the request's row completes
      const first = {
        startedAt: at(T0, 3000).toISOString(),
        finishedAt: at(T0, 8000).toISOString(),
        historyId: 1,
      };
      await expect(store.recordAgentOperations([entry(first)])).resolves.toBe(
        0,
      );
      await store.completeOperation(sync.id, { outcome: 'succeeded' });
      // a second replica reads the same entry: linked already, nothing new
      await expect(store.recordAgentOperations([entry(first)])).resolves.toBe(
        0,
      );
      // entry 2, 10 s later, has no request of its own: jane's is taken
      await expect(
        store.recordAgentOperations([
          entry({
            startedAt: at(T0, 13_000).toISOString(),
            finishedAt: at(T0, 15_000).toISOString(),
            historyId: 2,
          }),
        ]),
      ).resolves.toBe(1);
      const portal = await store.listOperations({ origin: 'portal' });
      expect(
        portal.map(row => [row.actor, row.parameters.dryRun, row.historyId]),
      ).toEqual(
        expect.arrayContaining([
          ['user:default/jane', false, 1],
          [expect.any(String), true, undefined],
        ]),
      );
      const agent = await store.listOperations({ origin: 'agent' });
      expect(agent.map(row => row.historyId)).toEqual([2]);
    });

    it('filters by environment, outcome and a team of entities', async () => {
      const store = await createStore();
      const prod = await store.startOperation(
        operation({ environment: 'prod' }),
      );
      await store.completeOperation(prod.id, { outcome: 'failed' });
      clock.tick();
      const dev = await store.startOperation(
        operation({
          environment: 'dev',
          entityRef: 'component:default/checkout',
        }),
      );
      await store.completeOperation(dev.id, { outcome: 'succeeded' });
      clock.tick();
      const old = await store.startOperation(operation({ action: 'refresh' }));
      clock.tick(31_000);
      const fresh = await store.startOperation(
        operation({ action: 'refresh' }),
      );

      const ids = async (filter: Parameters<typeof store.listOperations>[0]) =>
        (await store.listOperations(filter)).map(row => row.id);
      await expect(ids({ environment: 'prod' })).resolves.toEqual([prod.id]);
      await expect(ids({ outcome: 'failed' })).resolves.toEqual([prod.id]);
      await expect(ids({ outcome: 'succeeded' })).resolves.toEqual([dev.id]);
      await expect(ids({ outcome: 'unknown' })).resolves.toEqual([old.id]);
      await expect(ids({ outcome: 'pending' })).resolves.toEqual([fresh.id]);
      await expect(
        ids({ entityRefs: ['component:default/checkout'] }),
      ).resolves.toEqual([dev.id]);
      await expect(ids({ entityRefs: [] })).resolves.toEqual([]);
      await expect(
        ids({ entityRefs: ['component:default/payments'], outcome: 'failed' }),
      ).resolves.toEqual([prod.id]);
    });
  },
);
