import { mockServices } from '@backstage/backend-test-utils';
import { migrationsDirectory as migrationsDir } from '../database/migrateDatabase';
import { deployment, paymentsInstance } from '../testUtils/deliveryFixtures';
import { createTestDatabases } from '../testUtils/testDatabases';
import { DatabaseDeliveryEventStore } from './DatabaseDeliveryEventStore';
import { AppIdentity } from './types';

jest.setTimeout(60_000);

const databases = createTestDatabases();

const prod = paymentsInstance('prod', 'prod');
const other: AppIdentity = {
  appKey: 'prod:team-a/checkout',
  agentId: 'prod',
  application: 'checkout',
  appNamespace: 'team-a',
  environment: 'prod',
};

describe.each(databases.eachSupportedId())(
  'DatabaseDeliveryEventStore (%s)',
  id => {
    async function createStore() {
      const knex = await databases.init(id);
      const store = await DatabaseDeliveryEventStore.create({
        database: mockServices.database({ knex }),
      });
      return { knex, store };
    }

    it('migrates up and down', async () => {
      const knex = await databases.init(id);
      const tables = [
        'gitops_deployments',
        'gitops_sync_failures',
        'gitops_health_periods',
      ];
      await knex.migrate.latest({ directory: migrationsDir });
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
      await knex.migrate.rollback({ directory: migrationsDir }, true);
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(false);
      }
      await knex.migrate.latest({ directory: migrationsDir });
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
    });

    it('keeps one open unhealthy period when replicas record the same change at once', async () => {
      const { knex } = await createStore();
      const replicas = await Promise.all(
        [1, 2, 3].map(() =>
          DatabaseDeliveryEventStore.create({
            database: mockServices.database({ knex }),
          }),
        ),
      );
      const opened = await Promise.all(
        replicas.map(store =>
          store.observeHealth(prod, 'Degraded', '2026-11-20T10:00:00Z'),
        ),
      );
      expect(opened.filter(result => result === 'opened')).toHaveLength(1);
      await expect(replicas[0].listOpenUnhealthy('prod')).resolves.toEqual([
        { ...prod, health: 'Degraded', startedAt: '2026-11-20T10:00:00.000Z' },
      ]);
      const closed = await Promise.all(
        replicas.map(store =>
          store.observeHealth(prod, 'Healthy', '2026-11-20T10:05:00Z'),
        ),
      );
      expect(closed.filter(result => result === 'closed')).toHaveLength(1);
      await expect(replicas[1].listOpenUnhealthy('prod')).resolves.toEqual([]);
      const [{ n }] = await knex('gitops_health_periods').count({ n: '*' });
      expect(Number(n)).toBe(1);
    });

    it('says when each application last deployed', async () => {
      const { store } = await createStore();
      await store.addDeployments([
        deployment(prod, 1, 'r1', '2026-11-20T10:00:00Z'),
        deployment(prod, 2, 'r2', '2026-11-20T11:00:00Z'),
      ]);
      await expect(
        store.lastDeployedAt([prod.appKey, other.appKey]),
      ).resolves.toEqual(new Map([[prod.appKey, '2026-11-20T11:00:00.000Z']]));
    });

    it('records deployments once and fills commit dates', async () => {
      const { store } = await createStore();
      await store.addDeployments([
        deployment(prod, 1, 'r1', '2026-11-20T10:00:00Z'),
        deployment(prod, 2, 'r2', '2026-11-20T11:00:00Z', {
          commitDate: '2026-11-20T09:30:00Z',
        }),
        deployment(other, 7, 'c1', '2026-11-20T12:00:00Z'),
      ]);
      // the same entry again (with another revision) changes nothing
      await store.addDeployments([
        deployment(prod, 1, 'zzz', '2026-11-21T10:00:00Z'),
      ]);

      const rows = await store.listDeployments([prod.appKey, other.appKey]);
      expect(rows).toEqual([
        deployment(prod, 1, 'r1', '2026-11-20T10:00:00.000Z'),
        deployment(prod, 2, 'r2', '2026-11-20T11:00:00.000Z', {
          commitDate: '2026-11-20T09:30:00.000Z',
        }),
        deployment(other, 7, 'c1', '2026-11-20T12:00:00.000Z'),
      ]);

      const missing = await store.deploymentsWithoutCommitDate(
        [prod.appKey],
        10,
      );
      expect(missing.map(d => d.historyId)).toEqual([1]);
      await store.setCommitDate(prod.appKey, 'r1', '2026-11-19T10:00:00Z');
      await store.setCommitDate(other.appKey, 'c1', undefined);
      expect(await store.deploymentsWithoutCommitDate(undefined, 10)).toEqual(
        [],
      );
      const [first] = await store.listDeployments([prod.appKey, other.appKey]);
      expect(first.commitDate).toBe('2026-11-19T10:00:00.000Z');
    });

    it('records failed syncs once and health periods as they open and close', async () => {
      const { store } = await createStore();
      const failure = {
        ...prod,
        startedAt: '2026-11-20T10:00:00Z',
        finishedAt: '2026-11-20T10:01:00Z',
        revision: 'r3',
        phase: 'Failed' as const,
      };
      await expect(store.addSyncFailure(failure)).resolves.toBe(true);
      await expect(store.addSyncFailure(failure)).resolves.toBe(false);

      await expect(
        store.observeHealth(prod, 'Healthy', '2026-11-20T09:00:00Z'),
      ).resolves.toBe('unchanged');
      await expect(
        store.observeHealth(prod, 'Degraded', '2026-11-20T10:05:00Z'),
      ).resolves.toBe('opened');
      await expect(
        store.observeHealth(prod, 'Missing', '2026-11-20T10:10:00Z'),
      ).resolves.toBe('unchanged');
      await expect(
        store.observeHealth(prod, 'Healthy', '2026-11-20T10:35:00Z'),
      ).resolves.toBe('closed');
      await expect(
        store.observeHealth(other, 'Missing', '2026-11-20T11:00:00Z'),
      ).resolves.toBe('opened');
      await store.addDeployments([
        deployment(prod, 1, 'r1', '2026-11-01T10:00:00Z'),
        deployment(prod, 2, 'r2', '2026-11-20T10:00:00Z'),
      ]);

      const events = await store.listEvents({ since: '2026-11-15T00:00:00Z' });
      expect(events.deployments.map(d => d.historyId)).toEqual([2]);
      expect(events.failures).toEqual([
        {
          ...prod,
          startedAt: '2026-11-20T10:00:00.000Z',
          finishedAt: '2026-11-20T10:01:00.000Z',
          revision: 'r3',
          phase: 'Failed',
        },
      ]);
      expect(
        events.unhealthy.sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
      ).toEqual([
        {
          ...prod,
          health: 'Degraded',
          startedAt: '2026-11-20T10:05:00.000Z',
          endedAt: '2026-11-20T10:35:00.000Z',
        },
        { ...other, health: 'Missing', startedAt: '2026-11-20T11:00:00.000Z' },
      ]);

      const scoped = await store.listEvents({
        appKeys: [other.appKey],
        since: '2026-11-21T00:00:00Z',
      });
      expect(scoped.deployments).toEqual([]);
      expect(scoped.failures).toEqual([]);
      // still open, so it shows whatever the window
      expect(scoped.unhealthy.map(p => p.appKey)).toEqual([other.appKey]);

      // when recording began: the earliest event of any kind, per app
      const first = await store.firstEventTimes(undefined);
      expect(Object.fromEntries(first)).toEqual({
        [prod.appKey]: '2026-11-01T10:00:00.000Z',
        [other.appKey]: '2026-11-20T11:00:00.000Z',
      });
      const firstOfOther = await store.firstEventTimes([other.appKey]);
      expect([...firstOfOther.keys()]).toEqual([other.appKey]);
    });
  },
);
