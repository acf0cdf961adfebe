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
    'gitops_deployments',
    'gitops_sync_failures',
    'gitops_health_periods',
  ],
};

/** The columns of every table once migrated: name and whether nullable. */
const expectedColumns: Record<string, Record<string, boolean>> = {
  gitops_operations: {
    id: false,
    actor: false,
    entity_ref: true,
    agent_id: false,
    application: true,
    app_namespace: true,
    action: false,
    parameters: false,
    outcome: false,
    message: true,
    started_at: false,
    finished_at: true,
    origin: false,
    history_id: true,
    environment: true,
  },
  gitops_drift_events: {
    id: false,
    agent_id: false,
    application: false,
    app_namespace: true,
    entity_ref: true,
    environment: true,
    sync_status: false,
    health: true,
    revision: true,
    started_at: false,
    ended_at: true,
  },
  gitops_deployments: {
    app_key: false,
    history_id: false,
    agent_id: false,
    application: false,
    app_namespace: true,
    service: true,
    environment: false,
    revision: false,
    deployed_at: false,
    commit_date: true,
    commit_date_checked: false,
    revision_changed: false,
    rollback: false,
  },
  gitops_sync_failures: {
    app_key: false,
    started_at: false,
    agent_id: false,
    application: false,
    app_namespace: true,
    service: true,
    environment: false,
    revision: true,
    phase: false,
    finished_at: false,
  },
  gitops_health_periods: {
    id: false,
    app_key: false,
    agent_id: false,
    application: false,
    app_namespace: true,
    service: true,
    environment: false,
    health: false,
    started_at: false,
    ended_at: true,
  },
};

const migrationFiles = fs
  .readdirSync(migrationsDirectory)
  .filter(file => file.endsWith('.js'))
  .sort();

const allTables = Object.values(createdTables).flat();

function isPostgres(knex: Knex) {
  return knex.client.config.client === 'pg';
}

/** Every table of the database but knex's migration bookkeeping. */
async function tablesInDatabase(knex: Knex): Promise<string[]> {
  const rows: { name: string }[] = isPostgres(knex)
    ? (
        await knex.raw(
          `SELECT table_name AS name FROM information_schema.tables
             WHERE table_schema = current_schema()`,
        )
      ).rows
    : await knex.raw(
        `SELECT name FROM sqlite_master
           WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      );
  return rows
    .map(row => row.name)
    .filter(name => !name.startsWith('knex_migrations'))
    .sort();
}

/** Whether each column of `table` is nullable, by name. */
async function columnsOf(knex: Knex, table: string) {
  const info = await knex(table).columnInfo();
  return Object.fromEntries(
    Object.entries(info).map(([name, column]) => [name, column.nullable]),
  );
}

/** The PostgreSQL comments of `table` and of its columns. */
async function postgresComments(knex: Knex, table: string) {
  const { rows } = await knex.raw(
    `SELECT a.attname AS column_name,
            col_description(c.oid, a.attnum) AS column_comment,
            obj_description(c.oid, 'pg_class') AS table_comment
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped`,
    [table],
  );
  return rows as {
    column_name: string;
    column_comment: string | null;
    table_comment: string | null;
  }[];
}

describe('migrations', () => {
  it('has the tables of every migration file listed here', () => {
    expect(Object.keys(createdTables)).toEqual(migrationFiles);
    expect(Object.keys(expectedColumns).sort()).toEqual([...allTables].sort());
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it.each(migrationFiles)('runs %s up and down', async file => {
      const knex = await databases.init(databaseId);
      const tables = createdTables[file];

      await knex.migrate.up({ directory: migrationsDirectory, name: file });
      await expect(tablesInDatabase(knex)).resolves.toEqual([...tables].sort());
      for (const table of tables) {
        await expect(columnsOf(knex, table)).resolves.toEqual(
          expectedColumns[table],
        );
      }

      await knex.migrate.down({ directory: migrationsDirectory, name: file });
      // down drops everything up created
      await expect(tablesInDatabase(knex)).resolves.toEqual([]);

      // and it can run again
      await knex.migrate.up({ directory: migrationsDirectory, name: file });
      await expect(tablesInDatabase(knex)).resolves.toEqual([...tables].sort());
    });

    it('migrates all the way up and all the way down', async () => {
      const knex = await databases.init(databaseId);

      await knex.migrate.latest({ directory: migrationsDirectory });
      await expect(tablesInDatabase(knex)).resolves.toEqual(
        [...allTables].sort(),
      );

      await knex.migrate.rollback({ directory: migrationsDirectory }, true);
      await expect(tablesInDatabase(knex)).resolves.toEqual([]);

      await knex.migrate.latest({ directory: migrationsDirectory });
      await expect(tablesInDatabase(knex)).resolves.toEqual(
        [...allTables].sort(),
      );
    });

    it('records a portal operation by default and one audit row per history entry', async () => {
      const knex = await databases.init(databaseId);
      await knex.migrate.latest({ directory: migrationsDirectory });
      const operation = (id: number, historyId?: number) => ({
        id: `00000000-0000-4000-8000-00000000000${id}`,
        actor: 'user:default/alice',
        agent_id: 'prod-eu',
        application: 'api',
        action: 'sync',
        parameters: '{}',
        outcome: 'succeeded',
        started_at: new Date('2026-11-22T10:00:00.000Z'),
        ...(historyId === undefined
          ? {}
          : { origin: 'agent', history_id: historyId }),
      });
      // one by one: a multi-row insert on SQLite sends NULL for the keys
      // a row leaves out, where the default is meant
      for (const row of [operation(1), operation(2), operation(3, 7)]) {
        await knex('gitops_operations').insert(row);
      }

      await expect(
        knex('gitops_operations').orderBy('id').select('origin', 'history_id'),
      ).resolves.toEqual([
        { origin: 'portal', history_id: null },
        { origin: 'portal', history_id: null },
        { origin: 'agent', history_id: 7 },
      ]);
      // a second row of the same history entry is refused, and ignored by
      // an insert that ignores conflicts
      await expect(
        Promise.resolve(knex('gitops_operations').insert(operation(4, 7))),
      ).rejects.toMatchObject({
        // the driver's error may come from another realm than jest's Error
        message: expect.stringMatching(/gitops_operations_history_idx|unique/i),
      });
      await knex('gitops_operations')
        .insert(operation(4, 7))
        .onConflict()
        .ignore();
      const [{ n }] = await knex('gitops_operations').count({ n: '*' });
      expect(Number(n)).toBe(3);
    });

    it('keeps one open drift per application', async () => {
      const knex = await databases.init(databaseId);
      await knex.migrate.latest({ directory: migrationsDirectory });
      const drift = (id: number, startedAt: string, namespace?: string) => ({
        id: `00000000-0000-4000-8000-00000000000${id}`,
        agent_id: 'prod-eu',
        application: 'api',
        app_namespace: namespace ?? null,
        sync_status: 'OutOfSync',
        started_at: new Date(startedAt),
      });
      await knex('gitops_drift_events').insert([
        { ...drift(1, '2026-11-22T10:00:00Z'), ended_at: new Date() },
        drift(2, '2026-11-22T10:00:30Z'),
        drift(3, '2026-11-22T10:00:00Z', 'team-a'),
      ]);
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
        message: expect.stringMatching(/gitops_drift_events_open_idx|unique/i),
      });
      await knex('gitops_drift_events')
        .insert(drift(4, '2026-11-22T10:01:00Z'))
        .onConflict()
        .ignore();
      await expect(open()).resolves.toEqual(['2', '3']);
    });

    it('keeps one open unhealthy period per application', async () => {
      const knex = await databases.init(databaseId);
      await knex.migrate.latest({ directory: migrationsDirectory });
      const period = (id: number, appKey: string) => ({
        id: `00000000-0000-4000-8000-00000000000${id}`,
        app_key: appKey,
        agent_id: 'prod-eu',
        application: 'api',
        environment: 'prod',
        health: 'Degraded',
        started_at: new Date('2026-11-22T10:00:00Z'),
      });
      await knex('gitops_health_periods').insert([
        { ...period(1, 'prod-eu:/api'), ended_at: new Date() },
        period(2, 'prod-eu:/api'),
        period(3, 'prod-eu:team-a/api'),
      ]);

      await expect(
        Promise.resolve(
          knex('gitops_health_periods').insert(period(4, 'prod-eu:/api')),
        ),
      ).rejects.toMatchObject({
        message: expect.stringMatching(
          /gitops_health_periods_open_idx|unique/i,
        ),
      });
    });
  });
});

/** The PostgreSQL databases tested (SQLite keeps no comments). */
const postgresIds = databases
  .eachSupportedId()
  .filter(([databaseId]) => databaseId.startsWith('POSTGRES'));
const describeOnPostgres =
  postgresIds.length > 0
    ? describe.each(postgresIds)
    : describe.skip.each(databases.eachSupportedId());

describeOnPostgres('comments on %s', databaseId => {
  it('comments every table and column', async () => {
    const knex = await databases.init(databaseId);
    await knex.migrate.latest({ directory: migrationsDirectory });
    for (const table of allTables) {
      const comments = await postgresComments(knex, table);
      expect(comments.map(row => row.column_name).sort()).toEqual(
        Object.keys(expectedColumns[table]).sort(),
      );
      for (const row of comments) {
        expect(row.table_comment).toEqual(expect.any(String));
        expect({ [row.column_name]: row.column_comment }).toEqual({
          [row.column_name]: expect.any(String),
        });
      }
    }
    // an apostrophe in a column comment reaches PostgreSQL quoted
    const origin = (await postgresComments(knex, 'gitops_operations')).find(
      row => row.column_name === 'origin',
    );
    expect(origin?.column_comment).toBe(
      "portal, or agent: read from the agent's history",
    );
  });
});
