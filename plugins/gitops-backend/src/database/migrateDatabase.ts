import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import { Knex } from 'knex';

/** The date-named knex migrations at the package root. */
export const migrationsDirectory = resolvePackagePath(
  '@gitops-suite/plugin-gitops-backend',
  'migrations',
);

/**
 * Tries of the migrations when other replicas run them at the same time
 * (about 30 s in all: a loaded machine can take seconds to migrate).
 */
const MIGRATION_ATTEMPTS = 20;

/**
 * Brings the schema up to date. Replicas starting together on a fresh
 * database race to create knex's migration tables and lock (one gets
 * "already exists" or "already locked"); the loser waits and tries again,
 * by when the winner has finished.
 */
export async function migrateWithRetry(
  client: Knex,
  attempts: number = MIGRATION_ATTEMPTS,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.migrate.latest({ directory: migrationsDirectory });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise(resolve =>
        setTimeout(
          resolve,
          Math.min(250 * attempt, 2000) + Math.random() * 250,
        ),
      );
    }
  }
}

/**
 * Options of the `create` of every knex store of the plugin.
 */
export interface DatabaseStoreOptions {
  database: DatabaseService;
  /** Do not run migrations (also skipped when `database.migrations.skip`). */
  skipMigrations?: boolean;
  /** The current time; for tests. */
  clock?: () => Date;
}

/** One migration run per client, shared by every store created on it. */
const migrated = new WeakMap<Knex, Promise<void>>();

/**
 * Options of {@link connectDatabase}.
 */
export interface ConnectDatabaseOptions {
  /** Do not run migrations (also skipped when `database.migrations.skip`). */
  skipMigrations?: boolean;
  /** How often to try the migrations before giving up (default 20). */
  migrationAttempts?: number;
}

/**
 * The plugin's knex client with its schema up to date. However many stores
 * connect, the migrations run once per client (with the retry above); a
 * failed run is forgotten, so the next caller tries again.
 */
export async function connectDatabase(
  database: DatabaseService,
  options: ConnectDatabaseOptions = {},
): Promise<Knex> {
  const client = await database.getClient();
  if (options.skipMigrations || database.migrations?.skip) {
    return client;
  }
  let run = migrated.get(client);
  if (!run) {
    run = migrateWithRetry(client, options.migrationAttempts);
    migrated.set(client, run);
    run.catch(() => migrated.delete(client));
  }
  await run;
  return client;
}
