import { mockServices } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { createTestDatabases } from '../testUtils/testDatabases';
import { connectDatabase, migrateWithRetry } from './migrateDatabase';

jest.setTimeout(60_000);

const databases = createTestDatabases();

/** `knex.migrate` is a new migrator on each access: spy on them all. */
function spyOnMigrations(knex: Knex) {
  return jest.spyOn(Object.getPrototypeOf(knex.migrate), 'latest');
}

afterEach(() => jest.restoreAllMocks());

describe.each(databases.eachSupportedId())('connectDatabase (%s)', id => {
  it('migrates unless told to skip', async () => {
    const skipped = await databases.init(id);
    await connectDatabase(
      mockServices.database({ knex: skipped, migrations: { skip: true } }),
    );
    await connectDatabase(mockServices.database({ knex: skipped }), {
      skipMigrations: true,
    });
    await expect(skipped.schema.hasTable('gitops_operations')).resolves.toBe(
      false,
    );

    const knex = await databases.init(id);
    await expect(
      connectDatabase(mockServices.database({ knex })),
    ).resolves.toBe(knex);
    await expect(knex.schema.hasTable('gitops_operations')).resolves.toBe(true);
    await expect(knex.schema.hasTable('gitops_deployments')).resolves.toBe(
      true,
    );
  });

  it('runs the migrations once however many stores connect', async () => {
    const knex = await databases.init(id);
    const latest = spyOnMigrations(knex);
    const database = mockServices.database({ knex });

    await Promise.all([1, 2, 3].map(() => connectDatabase(database)));
    await connectDatabase(database);

    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('tries again when a replica holds the migration lock', async () => {
    const knex = await databases.init(id);
    const latest = spyOnMigrations(knex).mockRejectedValueOnce(
      new Error('Migration table is already locked'),
    );

    await connectDatabase(mockServices.database({ knex }));

    expect(latest).toHaveBeenCalledTimes(2);
    await expect(knex.schema.hasTable('gitops_operations')).resolves.toBe(true);
  });

  it('forgets a run that failed, so the next store tries again', async () => {
    const knex = await databases.init(id);
    const latest = spyOnMigrations(knex).mockRejectedValueOnce(
      new Error('connection reset'),
    );
    const database = mockServices.database({ knex });

    await expect(
      connectDatabase(database, { migrationAttempts: 1 }),
    ).rejects.toThrow('connection reset');
    await connectDatabase(database, { migrationAttempts: 1 });

    expect(latest).toHaveBeenCalledTimes(2);
    await expect(knex.schema.hasTable('gitops_operations')).resolves.toBe(true);
  });

  it('comes up when several replicas migrate a fresh database at once', async () => {
    const knex = await databases.init(id);
    // no memo between replicas: each runs the migrations itself
    await Promise.all([1, 2, 3].map(() => migrateWithRetry(knex)));
    for (const table of [
      'gitops_operations',
      'gitops_drift_events',
      'gitops_health_periods',
      'gitops_deployments',
    ]) {
      await expect(knex.schema.hasTable(table)).resolves.toBe(true);
    }
  });
});
