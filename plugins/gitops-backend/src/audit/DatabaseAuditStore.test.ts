import { mockServices } from '@backstage/backend-test-utils';
import { createTestDatabases } from '../testUtils/testDatabases';
import { operation, testClock } from '../testUtils/auditFixtures';
import { DatabaseAuditStore } from './DatabaseAuditStore';

jest.setTimeout(60_000);

const databases = createTestDatabases();

describe.each(databases.eachSupportedId())('DatabaseAuditStore (%s)', id => {
  it('reaches both tables through one store', async () => {
    const clock = testClock();
    const knex = await databases.init(id);
    const store = await DatabaseAuditStore.create({
      database: mockServices.database({ knex }),
      clock: () => clock.now(),
      pendingTimeout: { seconds: 30 },
    });

    const started = await store.startOperation(operation());
    await expect(store.getOperation(started.id)).resolves.toEqual(started);
    const other = await store.startOperation(operation({ action: 'refresh' }));
    await store.completeOperation(other.id, { outcome: 'succeeded' });
    clock.tick(31_000);
    // the options reach the operation store
    await expect(store.operations.getOperation(started.id)).resolves.toEqual({
      ...started,
      outcome: 'unknown',
    });
    await expect(
      store.listOperations({ agentId: 'prod-eu' }),
    ).resolves.toHaveLength(2);

    const drift = await store.recordDriftStart({
      agentId: 'prod-eu',
      application: 'api',
      appNamespace: 'team-a',
      syncStatus: 'OutOfSync',
    });
    expect(drift.startedAt).toBe('2026-11-22T10:00:31.000Z');
    await expect(store.openDrift('prod-eu', 'api', 'team-a')).resolves.toEqual(
      drift,
    );
    await expect(
      store.recordDriftEnd('prod-eu', 'api', '2026-11-22T10:05:00Z', 'team-a'),
    ).resolves.toMatchObject({ id: drift.id });
    await expect(store.driftEvents.listDriftEvents()).resolves.toEqual([
      { ...drift, endedAt: '2026-11-22T10:05:00.000Z' },
    ]);

    await expect(store.listOpenDrifts('prod-eu')).resolves.toEqual([]);
  });

  it('creates no table when told to skip migrations', async () => {
    const knex = await databases.init(id);
    await DatabaseAuditStore.create({
      database: mockServices.database({ knex }),
      skipMigrations: true,
    });
    await expect(knex.schema.hasTable('gitops_operations')).resolves.toBe(
      false,
    );
  });
});
