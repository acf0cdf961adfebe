import { createRequire } from 'node:module';
import {
  POSTGRES_URL,
  REDIS_URL,
  requireServer,
} from '@gitops-suite/plugin-gitops-backend/testUtils';

/*
 * The shared PostgreSQL and Redis servers, as the suite's test harness
 * probes them. Under CI=true a missing server is a failure, never a skip.
 */

export { POSTGRES_URL, REDIS_URL };

/**
 * Both servers, or an error naming the one that cannot be reached: the
 * tests that need them fail rather than pass without running.
 */
export async function requireServices(): Promise<void> {
  const missing: string[] = [];
  if (!(await requireServer('PostgreSQL', POSTGRES_URL, 5432))) {
    missing.push(
      `PostgreSQL at ${new URL(POSTGRES_URL).host} (GITOPS_TEST_POSTGRES_URL)`,
    );
  }
  if (!(await requireServer('Redis', REDIS_URL, 6379))) {
    missing.push(`Redis at ${new URL(REDIS_URL).host} (GITOPS_TEST_REDIS_URL)`);
  }
  if (missing.length) {
    throw new Error(
      `${missing.join(' and ')} cannot be reached; this test needs ${
        missing.length > 1 ? 'them' : 'it'
      }`,
    );
  }
}

/*
 * The pg driver Backstage's database service itself uses, to drop a run's
 * databases on the shared server.
 */
type PgClient = {
  connect(): Promise<unknown>;
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
  end(): Promise<void>;
};
const backendRequire = createRequire(
  require.resolve('@backstage/backend-defaults'),
);
const { Client } = backendRequire('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

/** Drops the databases whose names start with `prefix` (a run's own). */
export async function dropDatabases(postgresUrl: string, prefix: string) {
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The rows a query answers in a plugin's database on the PostgreSQL server
 * at `postgresUrl`.
 */
export async function queryPostgres(options: {
  postgresUrl: string;
  database: string;
  sql: string;
  params?: unknown[];
}): Promise<Array<Record<string, unknown>>> {
  const url = new URL(options.postgresUrl);
  url.pathname = `/${options.database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(options.sql, options.params)).rows;
  } finally {
    await client.end();
  }
}
