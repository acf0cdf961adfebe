import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { spawnSync } from 'node:child_process';
import { POSTGRES_URL } from '../../testUtils/realServices';

/**
 * SQLite, plus the PostgreSQL server of `GITOPS_TEST_POSTGRES_URL` (or the
 * local default) when it answers. Probed synchronously in a child process,
 * because `describe.each` collects synchronously. Under CI=true an
 * unreachable server fails instead of being skipped.
 */
export function metricsTestDatabases(): TestDatabases {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const { Client } = require(process.env.PROBE_PG_MODULE);
       const c = new Client({ connectionString: process.env.PROBE_PG_URL, connectionTimeoutMillis: 5000 });
       c.connect().then(() => c.query('SHOW server_version_num'))
        .then(r => { process.stdout.write(String(r.rows[0].server_version_num)); return c.end(); })
        .catch(e => { process.stderr.write(String(e && e.message || e)); process.exit(1); });`,
    ],
    {
      env: {
        ...process.env,
        PROBE_PG_MODULE: require.resolve('pg'),
        PROBE_PG_URL: POSTGRES_URL,
      },
      encoding: 'utf8',
      timeout: 15_000,
    },
  );
  const version = Number(probe.stdout);
  if (probe.status !== 0 || !Number.isInteger(version)) {
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL is unreachable: ${probe.stderr?.trim()}`);
    }
    // eslint-disable-next-line no-console
    console.warn('PostgreSQL is unreachable; testing SQLite only');
    return TestDatabases.create({ ids: ['SQLITE_3'] });
  }
  const major = Math.floor(version / 10000);
  const supported = [18, 17, 16, 15, 14, 13, 12, 11, 9];
  const id = `POSTGRES_${
    supported.includes(major) ? major : 18
  }` as TestDatabaseId;
  process.env[
    `BACKSTAGE_TEST_DATABASE_${id.replace('_', '')}_CONNECTION_STRING`
  ] = POSTGRES_URL;
  return TestDatabases.create({ ids: ['SQLITE_3', id] });
}
