import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { spawnSync } from 'node:child_process';
import { POSTGRES_URL } from './realServices';

/** The PostgreSQL ids TestDatabases knows, newest first. */
const POSTGRES_MAJORS = [18, 17, 16, 15, 14, 13, 12, 11, 9];

/**
 * The major version of the PostgreSQL server at `url`, asked in a child
 * process because `describe.each` collects synchronously.
 */
export function probePostgres(
  url: string = POSTGRES_URL,
): { major: number } | { error: string } {
  const script = `
    const { Client } = require(process.env.PROBE_PG_MODULE);
    const client = new Client({
      connectionString: process.env.PROBE_PG_URL,
      connectionTimeoutMillis: 5000,
    });
    client
      .connect()
      .then(() => client.query('SHOW server_version_num'))
      .then(result => {
        process.stdout.write(String(result.rows[0].server_version_num));
        return client.end();
      })
      .catch(error => {
        process.stderr.write(String((error && error.message) || error));
        process.exit(1);
      });
  `;
  const result = spawnSync(process.execPath, ['-e', script], {
    env: {
      ...process.env,
      PROBE_PG_MODULE: require.resolve('pg'),
      PROBE_PG_URL: url,
    },
    encoding: 'utf8',
    timeout: 15_000,
  });
  const versionNum = Number(result.stdout);
  if (result.status !== 0 || !Number.isInteger(versionNum)) {
    return {
      error:
        result.stderr?.trim() ||
        result.error?.message ||
        `exit code ${result.status}`,
    };
  }
  return { major: Math.floor(versionNum / 10000) };
}

/**
 * SQLite, plus the PostgreSQL server of `GITOPS_TEST_POSTGRES_URL` (default
 * `postgresql://postgres@127.0.0.1:5432/postgres`) when it answers, pointed
 * at through `BACKSTAGE_TEST_DATABASE_POSTGRES<major>_CONNECTION_STRING`.
 * Under CI=true an unreachable server fails the suite: the PostgreSQL half
 * never silently disappears there.
 */
export function createTestDatabases(): TestDatabases {
  const probe = probePostgres(POSTGRES_URL);
  if ('error' in probe) {
    const where = new URL(POSTGRES_URL).host;
    if (process.env.CI === 'true') {
      throw new Error(
        `PostgreSQL at ${where} is unreachable (${probe.error}); CI needs it`,
      );
    }
    // eslint-disable-next-line no-console
    console.warn(
      `PostgreSQL at ${where} is unreachable (${probe.error}); testing SQLite only. Set GITOPS_TEST_POSTGRES_URL to test PostgreSQL.`,
    );
    return TestDatabases.create({ ids: ['SQLITE_3'] });
  }
  const major = POSTGRES_MAJORS.includes(probe.major)
    ? probe.major
    : POSTGRES_MAJORS[0];
  const id = `POSTGRES_${major}` as TestDatabaseId;
  process.env[`BACKSTAGE_TEST_DATABASE_POSTGRES${major}_CONNECTION_STRING`] =
    POSTGRES_URL;
  return TestDatabases.create({ ids: ['SQLITE_3', id] });
}
