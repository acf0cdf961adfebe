import { Knex } from 'knex';
import fs from 'node:fs';
import { migrationsDirectory } from '../database/migrateDatabase';
import { createTestDatabases } from '../__testUtils__/testDatabases';

jest.setTimeout(60_000);

const databases = createTestDatabases();

/** The tables each migration creates, in the order knex runs them. */
const createdTables: Record<string, string[]> = {
  '20261122000000_init.js': [
    'gitops_operations',
    'gitops_drift_events',
    'gitops_fleet_state',
  ],
  '20261123000000_delivery_metrics.js': [
    'gitops_deployments',
    'gitops_sync_failures',
    'gitops_health_periods',
  ],
};

const migrationFiles = fs
  .readdirSync(migrationsDirectory)
  .filter(file => file.endsWith('.js'))
  .sort();

async function tablesPresent(knex: Knex, tables: string[]) {
  const present: Record<string, boolean> = {};
  for (const table of tables) {
    present[table] = await knex.schema.hasTable(table);
  }
  return present;
}

function all(tables: string[], value: boolean) {
  return Object.fromEntries(tables.map(table => [table, value]));
}

/** Runs the migrations before `file`, one by one. */
async function migrateUntil(knex: Knex, file: string) {
  for (const earlier of migrationFiles.slice(0, migrationFiles.indexOf(file))) {
    await knex.migrate.up({ directory: migrationsDirectory, name: earlier });
  }
}

describe('migrations', () => {
  it('has the tables of every migration file listed here', () => {
    expect(Object.keys(createdTables)).toEqual(migrationFiles);
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it.each(migrationFiles)('runs %s up and down', async file => {
      const knex = await databases.init(databaseId);
      await migrateUntil(knex, file);
      const earlierTables = migrationFiles
        .slice(0, migrationFiles.indexOf(file))
        .flatMap(earlier => createdTables[earlier]);
      const tables = createdTables[file];

      await knex.migrate.up({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, true),
      );

      await knex.migrate.down({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, false),
      );
      // what came before stays
      await expect(tablesPresent(knex, earlierTables)).resolves.toEqual(
        all(earlierTables, true),
      );

      // and it can run again
      await knex.migrate.up({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, true),
      );
    });

    it('keeps the audit rows when the delivery metrics tables come and go', async () => {
      const knex = await databases.init(databaseId);
      await migrateUntil(knex, '20261123000000_delivery_metrics.js');
      const startedAt = new Date('2026-11-22T10:00:00.000Z');
      await knex('gitops_operations').insert({
        id: '00000000-0000-4000-8000-000000000001',
        actor: 'user:default/alice',
        agent_id: 'prod-eu',
        action: 'sync',
        parameters: '{}',
        outcome: 'succeeded',
        started_at: startedAt,
      });

      await knex.migrate.up({ directory: migrationsDirectory });
      await knex.migrate.down({ directory: migrationsDirectory });

      await expect(
        knex('gitops_operations').select('id', 'actor', 'outcome'),
      ).resolves.toEqual([
        {
          id: '00000000-0000-4000-8000-000000000001',
          actor: 'user:default/alice',
          outcome: 'succeeded',
        },
      ]);
    });

    it('migrates all the way up and all the way down', async () => {
      const knex = await databases.init(databaseId);
      const tables = Object.values(createdTables).flat();

      await knex.migrate.latest({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, true),
      );
      for (const column of [
        'id',
        'actor',
        'entity_ref',
        'agent_id',
        'application',
        'app_namespace',
        'action',
        'parameters',
        'outcome',
        'message',
        'started_at',
        'finished_at',
      ]) {
        await expect(
          knex.schema.hasColumn('gitops_operations', column),
        ).resolves.toBe(true);
      }

      await knex.migrate.rollback({ directory: migrationsDirectory }, true);
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, false),
      );

      await knex.migrate.latest({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, true),
      );
    });
  });
});
