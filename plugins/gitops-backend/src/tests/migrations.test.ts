import { Knex } from 'knex';
import fs from 'node:fs';
import { migrationsDirectory } from '../database/migrateDatabase';
import { createTestDatabases } from '../testUtils/testDatabases';

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
  '20261126000000_fleet_recorder.js': [],
  // columns of gitops_operations: origin, history_id, environment
  '20261204000000_audit_origin.js': [],
};

/** The tables a migration drops (its down brings them back). */
const droppedTables: Record<string, string[]> = {
  '20261126000000_fleet_recorder.js': ['gitops_fleet_state'],
};

/** The tables there are once every migration has run. */
const finalTables = Object.values(createdTables)
  .flat()
  .filter(table => !Object.values(droppedTables).flat().includes(table));

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
      const dropped = droppedTables[file] ?? [];
      const earlier = migrationFiles.slice(0, migrationFiles.indexOf(file));
      // the tables there are before it: created, and not dropped since
      const droppedEarlier = earlier.flatMap(name => droppedTables[name] ?? []);
      const earlierTables = earlier
        .flatMap(name => createdTables[name])
        .filter(
          table => !dropped.includes(table) && !droppedEarlier.includes(table),
        );
      const tables = createdTables[file];

      await knex.migrate.up({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, true),
      );
      await expect(tablesPresent(knex, dropped)).resolves.toEqual(
        all(dropped, false),
      );

      await knex.migrate.down({ directory: migrationsDirectory });
      await expect(tablesPresent(knex, tables)).resolves.toEqual(
        all(tables, false),
      );
      // what came before stays, what it dropped is back
      await expect(
        tablesPresent(knex, [...earlierTables, ...dropped]),
      ).resolves.toEqual(all([...earlierTables, ...dropped], true));

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

    it('keeps one open drift per application, closing the ones racing pollers left twice', async () => {
      const knex = await databases.init(databaseId);
      await migrateUntil(knex, '20261126000000_fleet_recorder.js');
      const drift = (id: number, startedAt: string, namespace?: string) => ({
        id: `00000000-0000-4000-8000-00000000000${id}`,
        agent_id: 'prod-eu',
        application: 'api',
        app_namespace: namespace ?? null,
        sync_status: 'OutOfSync',
        started_at: new Date(startedAt),
      });
      await knex('gitops_drift_events').insert([
        drift(1, '2026-11-22T10:00:00Z'),
        drift(2, '2026-11-22T10:00:30Z'),
        drift(3, '2026-11-22T10:00:00Z', 'team-a'),
      ]);

      await knex.migrate.up({ directory: migrationsDirectory });
      const open = async () =>
        (
          await knex('gitops_drift_events')
            .whereNull('ended_at')
            .orderBy('id')
            .select('id')
        ).map(row => row.id.slice(-1));
      await expect(open()).resolves.toEqual(['2', '3']);
      // a second open drift of the same application is refused, and
      // ignored by an insert that ignores conflicts
      await expect(
        Promise.resolve(
          knex('gitops_drift_events').insert(drift(4, '2026-11-22T10:01:00Z')),
        ),
      ).rejects.toMatchObject({
        // the driver's error may come from another realm than jest's Error
        message: expect.stringMatching(/gitops_drift_events_open_idx|unique/i),
      });
      await knex('gitops_drift_events')
        .insert(drift(4, '2026-11-22T10:01:00Z'))
        .onConflict()
        .ignore();
      await expect(open()).resolves.toEqual(['2', '3']);
    });

    it('migrates all the way up and all the way down', async () => {
      const knex = await databases.init(databaseId);
      const tables = finalTables;

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
