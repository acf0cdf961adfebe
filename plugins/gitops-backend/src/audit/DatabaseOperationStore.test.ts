import { mockServices } from '@backstage/backend-test-utils';
import { HumanDuration } from '@backstage/types';
import { createTestDatabases } from '../testUtils/testDatabases';
import { operation, T0, testClock } from '../testUtils/auditFixtures';
import { DatabaseOperationStore } from './DatabaseOperationStore';
import { StartOperationInput } from './types';

jest.setTimeout(60_000);

const databases = createTestDatabases();

describe.each(databases.eachSupportedId())(
  'DatabaseOperationStore (%s)',
  id => {
    let clock: ReturnType<typeof testClock>;

    async function createStore(
      options: { pendingTimeout?: HumanDuration } = {},
    ) {
      const knex = await databases.init(id);
      const store = await DatabaseOperationStore.create({
        database: mockServices.database({ knex }),
        clock: () => clock.now(),
        ...options,
      });
      return { knex, store };
    }

    beforeEach(() => {
      clock = testClock();
    });

    it('records an operation as pending, then completes it', async () => {
      const { store } = await createStore();

      const started = await store.startOperation(
        operation({
          appNamespace: 'team-a',
          parameters: {
            prune: true,
            resources: [{ kind: 'Deployment', name: 'api' }],
            nested: { n: 1, ok: null },
          },
        }),
      );
      expect(started).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        actor: 'user:default/alice',
        entityRef: 'component:default/payments',
        agentId: 'prod-eu',
        application: 'payments-prod',
        appNamespace: 'team-a',
        action: 'sync',
        parameters: {
          prune: true,
          resources: [{ kind: 'Deployment', name: 'api' }],
          nested: { n: 1, ok: null },
        },
        outcome: 'pending',
        startedAt: T0,
        origin: 'portal',
      });
      await expect(store.getOperation(started.id)).resolves.toEqual(started);

      clock.tick(2500);
      await store.completeOperation(started.id, {
        outcome: 'failed',
        message: 'sync window denies syncs',
      });
      await expect(store.getOperation(started.id)).resolves.toEqual({
        ...started,
        outcome: 'failed',
        message: 'sync window denies syncs',
        finishedAt: '2026-11-22T10:00:02.500Z',
      });
    });

    it('omits absent optional fields', async () => {
      const { store } = await createStore();
      const started = await store.startOperation({
        actor: 'user:default/bob',
        agentId: 'dev',
        action: 'applicationset.create',
        parameters: {},
      });
      await store.completeOperation(started.id, { outcome: 'succeeded' });
      const [listed] = await store.listOperations();
      expect(listed).toEqual({
        id: started.id,
        actor: 'user:default/bob',
        agentId: 'dev',
        action: 'applicationset.create',
        parameters: {},
        outcome: 'succeeded',
        startedAt: T0,
        finishedAt: T0,
        origin: 'portal',
      });
    });

    it('refuses to complete an operation twice or one that does not exist', async () => {
      const { store } = await createStore();
      const { id: opId } = await store.startOperation(operation());
      await store.completeOperation(opId, { outcome: 'succeeded' });

      await expect(
        store.completeOperation(opId, { outcome: 'failed' }),
      ).rejects.toMatchObject({
        name: 'ConflictError',
        message: expect.stringContaining('succeeded'),
      });
      await expect(
        store.completeOperation('00000000-0000-4000-8000-000000000000', {
          outcome: 'succeeded',
        }),
      ).rejects.toMatchObject({ name: 'NotFoundError' });
      await expect(store.getOperation('not-a-uuid')).resolves.toBeUndefined();
      await expect(
        store.getOperation('00000000-0000-4000-8000-000000000000'),
      ).resolves.toBeUndefined();
    });

    it('truncates very long messages instead of failing', async () => {
      const { store } = await createStore();
      const { id: opId } = await store.startOperation(operation());
      await store.completeOperation(opId, {
        outcome: 'failed',
        message: 'x'.repeat(20_000),
      });
      const stored = await store.getOperation(opId);
      expect(stored?.message).toHaveLength(8 * 1024);
      expect(stored?.message?.endsWith('…')).toBe(true);
    });

    it('reports operations pending beyond the staleness window as unknown', async () => {
      const { store } = await createStore();
      const crashed = await store.startOperation(
        operation({ application: 'crashed' }),
      );
      const done = await store.startOperation(
        operation({ application: 'done' }),
      );
      await store.completeOperation(done.id, { outcome: 'succeeded' });

      clock.tick(14 * 60 * 1000);
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'pending',
      });

      clock.tick(2 * 60 * 1000);
      const recent = await store.startOperation(
        operation({ application: 'recent' }),
      );
      const outcomes = Object.fromEntries(
        (await store.listOperations()).map(op => [op.application, op.outcome]),
      );
      expect(outcomes).toEqual({
        crashed: 'unknown',
        done: 'succeeded',
        recent: 'pending',
      });
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'unknown',
      });

      // An answer that arrives late still counts.
      await store.completeOperation(crashed.id, { outcome: 'succeeded' });
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'succeeded',
      });
      expect(recent.outcome).toBe('pending');
    });

    it('honours a configured staleness window', async () => {
      const { store } = await createStore({ pendingTimeout: { seconds: 30 } });
      const started = await store.startOperation(operation());
      clock.tick(31_000);
      await expect(store.getOperation(started.id)).resolves.toMatchObject({
        outcome: 'unknown',
      });
    });

    it('lists newest first, filtered, limited and paged', async () => {
      const { store } = await createStore();
      const inputs: Array<Partial<StartOperationInput>> = [
        { application: 'payments-prod' },
        { application: 'payments-dev', agentId: 'dev' },
        { entityRef: 'component:default/orders', application: 'orders-prod' },
        { application: 'payments-prod', action: 'refresh' },
        {
          application: 'payments-prod',
          appNamespace: 'team-a',
          action: 'rollback',
        },
      ];
      const ids: string[] = [];
      for (const input of inputs) {
        ids.push((await store.startOperation(operation(input))).id);
        clock.tick();
      }

      const all = await store.listOperations();
      expect(all.map(op => op.id)).toEqual([...ids].reverse());
      expect(all[0].startedAt).toBe('2026-11-22T10:00:04.000Z');

      const byEntity = await store.listOperations({
        entityRef: 'component:default/orders',
      });
      expect(byEntity.map(op => op.id)).toEqual([ids[2]]);

      const byApp = await store.listOperations({
        agentId: 'prod-eu',
        application: 'payments-prod',
      });
      expect(byApp.map(op => op.id)).toEqual([ids[4], ids[3], ids[0]]);

      const byNamespace = await store.listOperations({
        appNamespace: 'team-a',
      });
      expect(byNamespace.map(op => op.id)).toEqual([ids[4]]);

      const byAgent = await store.listOperations({ agentId: 'dev' });
      expect(byAgent.map(op => op.id)).toEqual([ids[1]]);

      const firstPage = await store.listOperations({ limit: 2 });
      expect(firstPage.map(op => op.id)).toEqual([ids[4], ids[3]]);
      const secondPage = await store.listOperations({
        limit: 2,
        before: firstPage[1].startedAt,
      });
      expect(secondPage.map(op => op.id)).toEqual([ids[2], ids[1]]);

      // `before` accepts any time zone offset.
      const beforeOffset = await store.listOperations({
        before: '2026-11-22T12:00:01+02:00',
      });
      expect(beforeOffset.map(op => op.id)).toEqual([ids[0]]);
    });

    it('returns at most 100 operations by default and 500 at most', async () => {
      const { store } = await createStore();
      for (let i = 0; i < 101; i++) {
        await store.startOperation(operation({ parameters: { i } }));
        clock.tick();
      }
      const page = await store.listOperations();
      expect(page).toHaveLength(100);
      expect(page[0].parameters).toEqual({ i: 100 });
      await expect(store.listOperations({ limit: 500 })).resolves.toHaveLength(
        101,
      );
      await expect(store.listOperations({ limit: 1 })).resolves.toHaveLength(1);
    });
  },
);
