import knexFactory from 'knex';
import { isDatabaseUnavailable, knownError } from './knownErrors';

/*
 * Real driver errors, not made-up ones: a PostgreSQL nobody listens on, a
 * query SQLite refuses. Only the first is "the database is away".
 */
describe('knownError', () => {
  it('makes a database nobody can reach a 503 that does not leak the driver', async () => {
    const db = knexFactory({
      client: 'pg',
      connection: 'postgresql://gitops:secret-pw@127.0.0.1:9/gitops',
      acquireConnectionTimeout: 1500,
      pool: { min: 0, max: 1 },
    });
    const error = await db.raw('select 1').then(
      () => undefined,
      e => e,
    );
    await db.destroy();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const known = knownError(error) as Error;
    expect(known.name).toBe('ServiceUnavailableError');
    expect(known.message).toBe(
      'The GitOps database is unavailable; try again in 5 s',
    );
    expect(known.message).not.toContain('secret-pw');
  });

  it('leaves a wrong query, and every other error, as it is', async () => {
    const db = knexFactory({
      client: 'better-sqlite3',
      connection: ':memory:',
      useNullAsDefault: true,
    });
    const error = await db.raw('select * from no_such_table').then(
      () => undefined,
      e => e,
    );
    await db.destroy();
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(knownError(error)).toBe(error);
    const other = new Error('boom');
    expect(knownError(other)).toBe(other);
    expect(knownError(undefined)).toBeUndefined();
  });
});
