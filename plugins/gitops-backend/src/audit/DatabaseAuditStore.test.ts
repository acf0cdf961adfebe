import { resolvePackagePath } from '@backstage/backend-plugin-api';
import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { HumanDuration } from '@backstage/types';
import { spawnSync } from 'node:child_process';
import { DatabaseAuditStore } from './DatabaseAuditStore';
import { FleetStateInput, StartOperationInput } from './types';

jest.setTimeout(60_000);

const DEFAULT_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const POSTGRES_IDS: TestDatabaseId[] = [
  'POSTGRES_18',
  'POSTGRES_17',
  'POSTGRES_16',
  'POSTGRES_15',
  'POSTGRES_14',
  'POSTGRES_13',
  'POSTGRES_12',
  'POSTGRES_11',
  'POSTGRES_9',
];

/**
 * Asks the server for its version in a child process, because test
 * collection (`describe.each`) is synchronous. Returns the major version.
 */
function probePostgres(url: string): { major: number } | { error: string } {
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
 * The PostgreSQL id to test against, with TestDatabases pointed at the server
 * through `BACKSTAGE_TEST_DATABASE_POSTGRES<major>_CONNECTION_STRING`, or
 * undefined when there is none locally. In CI (`CI=true`) a missing or
 * unreachable server fails the suite: the PostgreSQL half never silently
 * disappears there.
 */
function postgresTestDatabaseId(): TestDatabaseId | undefined {
  const configuredUrl = process.env.GITOPS_TEST_POSTGRES_URL;
  const inCi = process.env.CI === 'true';
  if (!configuredUrl && inCi) {
    throw new Error(
      'GITOPS_TEST_POSTGRES_URL must be set in CI, e.g. postgresql://postgres@127.0.0.1:5432/postgres',
    );
  }
  const url = configuredUrl || DEFAULT_POSTGRES_URL;
  const probe = probePostgres(url);
  if ('error' in probe) {
    const redacted = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    if (configuredUrl || inCi) {
      throw new Error(
        `PostgreSQL at ${redacted} is unreachable: ${probe.error}`,
      );
    }
    // eslint-disable-next-line no-console
    console.warn(
      `PostgreSQL at ${redacted} is unreachable (${probe.error}); testing SQLite only. Set GITOPS_TEST_POSTGRES_URL to test PostgreSQL.`,
    );
    return undefined;
  }
  const matching = `POSTGRES_${probe.major}` as TestDatabaseId;
  const id = POSTGRES_IDS.includes(matching) ? matching : POSTGRES_IDS[0];
  const envVar = `BACKSTAGE_TEST_DATABASE_${id.replace(
    '_',
    '',
  )}_CONNECTION_STRING`;
  process.env[envVar] = url;
  return id;
}

const postgresId = postgresTestDatabaseId();
const databases = TestDatabases.create({
  ids: postgresId ? ['SQLITE_3', postgresId] : ['SQLITE_3'],
});

const migrationsDir = resolvePackagePath(
  '@gitops-suite/plugin-gitops-backend',
  'migrations',
);

const T0 = '2026-11-22T10:00:00.000Z';

function at(iso: string, plusMs: number = 0): Date {
  return new Date(Date.parse(iso) + plusMs);
}

function operation(
  overrides: Partial<StartOperationInput> = {},
): StartOperationInput {
  return {
    actor: 'user:default/alice',
    entityRef: 'component:default/payments',
    agentId: 'prod-eu',
    application: 'payments-prod',
    action: 'sync',
    parameters: { prune: true, dryRun: false, revision: 'abc123' },
    ...overrides,
  };
}

function fleetRow(
  name: string,
  overrides: Partial<FleetStateInput> = {},
): FleetStateInput {
  return {
    appKey: `prod-eu:/${name}`,
    application: name,
    syncStatus: 'Synced',
    health: 'Healthy',
    revision: 'abc123',
    ...overrides,
  };
}

describe.each(databases.eachSupportedId())('DatabaseAuditStore (%s)', id => {
  let now: Date;

  async function createStore(options: { pendingTimeout?: HumanDuration } = {}) {
    const knex = await databases.init(id);
    const store = await DatabaseAuditStore.create({
      database: mockServices.database({ knex }),
      clock: () => now,
      ...options,
    });
    return { knex, store };
  }

  /** Lets the clock run, so that rows get distinct timestamps. */
  function tick(ms: number = 1000) {
    now = new Date(now.getTime() + ms);
  }

  beforeEach(() => {
    now = at(T0);
  });

  describe('migrations', () => {
    const tables = [
      'gitops_operations',
      'gitops_drift_events',
      'gitops_fleet_state',
    ];

    it('migrates up and down', async () => {
      const knex = await databases.init(id);

      await knex.migrate.latest({ directory: migrationsDir });
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
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

      await knex.migrate.rollback({ directory: migrationsDir }, true);
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(false);
      }

      await knex.migrate.latest({ directory: migrationsDir });
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
    });

    it('runs migrations from create() unless told to skip them', async () => {
      const skipped = await databases.init(id);
      await DatabaseAuditStore.create({
        database: mockServices.database({
          knex: skipped,
          migrations: { skip: true },
        }),
      });
      await DatabaseAuditStore.create({
        database: mockServices.database({ knex: skipped }),
        skipMigrations: true,
      });
      await expect(skipped.schema.hasTable('gitops_operations')).resolves.toBe(
        false,
      );

      const { knex } = await createStore();
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
      // Running them again is a no-op.
      await DatabaseAuditStore.create({
        database: mockServices.database({ knex }),
      });
    });

    it('comes up when several replicas migrate a fresh database at once', async () => {
      const knex = await databases.init(id);
      const stores = await Promise.all(
        [1, 2, 3].map(() =>
          DatabaseAuditStore.create({
            database: mockServices.database({ knex }),
          }),
        ),
      );
      expect(stores).toHaveLength(3);
      for (const table of tables) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(true);
      }
    });

    it('enforces one fleet state row per agent and application key', async () => {
      const { knex } = await createStore();
      const row = {
        agent_id: 'prod-eu',
        app_key: 'prod-eu:/a',
        application: 'a',
        sync_status: 'Synced',
        observed_at: at(T0),
      };
      await knex('gitops_fleet_state').insert(row);
      await expect(knex('gitops_fleet_state').insert(row)).rejects.toThrow();
      await knex('gitops_fleet_state').insert({ ...row, agent_id: 'prod-us' });
    });
  });

  describe('operations', () => {
    it('records an operation as pending, then completes it', async () => {
      const { store } = await createStore();

      const started = await store.startOperation(
        operation({
          appNamespace: 'team-a',
          parameters: {
            prune: true,
            resources: [{ kind: 'Deployment', name: 'api' }],
            nested: { n: 1, ok: null },
          },
        }),
      );
      expect(started).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        actor: 'user:default/alice',
        entityRef: 'component:default/payments',
        agentId: 'prod-eu',
        application: 'payments-prod',
        appNamespace: 'team-a',
        action: 'sync',
        parameters: {
          prune: true,
          resources: [{ kind: 'Deployment', name: 'api' }],
          nested: { n: 1, ok: null },
        },
        outcome: 'pending',
        startedAt: T0,
      });
      await expect(store.getOperation(started.id)).resolves.toEqual(started);

      tick(2500);
      await store.completeOperation(started.id, {
        outcome: 'failed',
        message: 'sync window denies syncs',
      });
      await expect(store.getOperation(started.id)).resolves.toEqual({
        ...started,
        outcome: 'failed',
        message: 'sync window denies syncs',
        finishedAt: '2026-11-22T10:00:02.500Z',
      });
    });

    it('omits absent optional fields', async () => {
      const { store } = await createStore();
      const started = await store.startOperation({
        actor: 'user:default/bob',
        agentId: 'dev',
        action: 'applicationset.create',
        parameters: {},
      });
      await store.completeOperation(started.id, { outcome: 'succeeded' });
      const [listed] = await store.listOperations();
      expect(listed).toEqual({
        id: started.id,
        actor: 'user:default/bob',
        agentId: 'dev',
        action: 'applicationset.create',
        parameters: {},
        outcome: 'succeeded',
        startedAt: T0,
        finishedAt: T0,
      });
    });

    it('refuses to complete an operation twice or one that does not exist', async () => {
      const { store } = await createStore();
      const { id: opId } = await store.startOperation(operation());
      await store.completeOperation(opId, { outcome: 'succeeded' });

      await expect(
        store.completeOperation(opId, { outcome: 'failed' }),
      ).rejects.toMatchObject({
        name: 'ConflictError',
        message: expect.stringContaining('succeeded'),
      });
      await expect(
        store.completeOperation('00000000-0000-4000-8000-000000000000', {
          outcome: 'succeeded',
        }),
      ).rejects.toMatchObject({ name: 'NotFoundError' });
      await expect(store.getOperation('not-a-uuid')).resolves.toBeUndefined();
      await expect(
        store.getOperation('00000000-0000-4000-8000-000000000000'),
      ).resolves.toBeUndefined();
    });

    it('truncates very long messages instead of failing', async () => {
      const { store } = await createStore();
      const { id: opId } = await store.startOperation(operation());
      await store.completeOperation(opId, {
        outcome: 'failed',
        message: 'x'.repeat(20_000),
      });
      const stored = await store.getOperation(opId);
      expect(stored?.message).toHaveLength(8 * 1024);
      expect(stored?.message?.endsWith('…')).toBe(true);
    });

    it('reports operations pending beyond the staleness window as unknown', async () => {
      const { store } = await createStore();
      const crashed = await store.startOperation(
        operation({ application: 'crashed' }),
      );
      const done = await store.startOperation(
        operation({ application: 'done' }),
      );
      await store.completeOperation(done.id, { outcome: 'succeeded' });

      tick(14 * 60 * 1000);
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'pending',
      });

      tick(2 * 60 * 1000);
      const recent = await store.startOperation(
        operation({ application: 'recent' }),
      );
      const outcomes = Object.fromEntries(
        (await store.listOperations()).map(op => [op.application, op.outcome]),
      );
      expect(outcomes).toEqual({
        crashed: 'unknown',
        done: 'succeeded',
        recent: 'pending',
      });
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'unknown',
      });

      // An answer that arrives late still counts.
      await store.completeOperation(crashed.id, { outcome: 'succeeded' });
      await expect(store.getOperation(crashed.id)).resolves.toMatchObject({
        outcome: 'succeeded',
      });
      expect(recent.outcome).toBe('pending');
    });

    it('honours a configured staleness window', async () => {
      const { store } = await createStore({ pendingTimeout: { seconds: 30 } });
      const started = await store.startOperation(operation());
      tick(31_000);
      await expect(store.getOperation(started.id)).resolves.toMatchObject({
        outcome: 'unknown',
      });
    });

    it('lists newest first, filtered, limited and paged', async () => {
      const { store } = await createStore();
      const inputs: Array<Partial<StartOperationInput>> = [
        { application: 'payments-prod' },
        { application: 'payments-dev', agentId: 'dev' },
        { entityRef: 'component:default/orders', application: 'orders-prod' },
        { application: 'payments-prod', action: 'refresh' },
        {
          application: 'payments-prod',
          appNamespace: 'team-a',
          action: 'rollback',
        },
      ];
      const ids: string[] = [];
      for (const input of inputs) {
        ids.push((await store.startOperation(operation(input))).id);
        tick();
      }

      const all = await store.listOperations();
      expect(all.map(op => op.id)).toEqual([...ids].reverse());
      expect(all[0].startedAt).toBe('2026-11-22T10:00:04.000Z');

      const byEntity = await store.listOperations({
        entityRef: 'component:default/orders',
      });
      expect(byEntity.map(op => op.id)).toEqual([ids[2]]);

      const byApp = await store.listOperations({
        agentId: 'prod-eu',
        application: 'payments-prod',
      });
      expect(byApp.map(op => op.id)).toEqual([ids[4], ids[3], ids[0]]);

      const byNamespace = await store.listOperations({
        appNamespace: 'team-a',
      });
      expect(byNamespace.map(op => op.id)).toEqual([ids[4]]);

      const byAgent = await store.listOperations({ agentId: 'dev' });
      expect(byAgent.map(op => op.id)).toEqual([ids[1]]);

      const firstPage = await store.listOperations({ limit: 2 });
      expect(firstPage.map(op => op.id)).toEqual([ids[4], ids[3]]);
      const secondPage = await store.listOperations({
        limit: 2,
        before: firstPage[1].startedAt,
      });
      expect(secondPage.map(op => op.id)).toEqual([ids[2], ids[1]]);

      // `before` accepts any time zone offset.
      const beforeOffset = await store.listOperations({
        before: '2026-11-22T12:00:01+02:00',
      });
      expect(beforeOffset.map(op => op.id)).toEqual([ids[0]]);
    });

    it('returns at most 100 operations by default and 500 at most', async () => {
      const { store } = await createStore();
      for (let i = 0; i < 101; i++) {
        await store.startOperation(operation({ parameters: { i } }));
        tick();
      }
      const page = await store.listOperations();
      expect(page).toHaveLength(100);
      expect(page[0].parameters).toEqual({ i: 100 });
      await expect(store.listOperations({ limit: 500 })).resolves.toHaveLength(
        101,
      );
      await expect(store.listOperations({ limit: 1 })).resolves.toHaveLength(1);
    });
  });

  describe('drift', () => {
    it('opens, finds and ends drift', async () => {
      const { store } = await createStore();
      await expect(
        store.openDrift('prod-eu', 'payments-prod'),
      ).resolves.toBeUndefined();

      const opened = await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'payments-prod',
        entityRef: 'component:default/payments',
        environment: 'prod',
        syncStatus: 'OutOfSync',
        health: 'Degraded',
        revision: 'abc123',
      });
      expect(opened).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        agentId: 'prod-eu',
        application: 'payments-prod',
        entityRef: 'component:default/payments',
        environment: 'prod',
        syncStatus: 'OutOfSync',
        health: 'Degraded',
        revision: 'abc123',
        startedAt: T0,
      });
      await expect(
        store.openDrift('prod-eu', 'payments-prod'),
      ).resolves.toEqual(opened);

      // Seeing the same drift again does not open a second period.
      tick();
      await expect(
        store.recordDriftStart({
          agentId: 'prod-eu',
          application: 'payments-prod',
          syncStatus: 'OutOfSync',
        }),
      ).resolves.toEqual(opened);

      const ended = await store.recordDriftEnd(
        'prod-eu',
        'payments-prod',
        '2026-11-22T10:05:00.000Z',
      );
      expect(ended).toEqual({ ...opened, endedAt: '2026-11-22T10:05:00.000Z' });
      await expect(
        store.openDrift('prod-eu', 'payments-prod'),
      ).resolves.toBeUndefined();
      await expect(
        store.recordDriftEnd('prod-eu', 'payments-prod', T0),
      ).resolves.toBeUndefined();
      await expect(store.listDriftEvents()).resolves.toEqual([ended]);

      // A later drift opens a new period.
      now = at(T0, 10 * 60 * 1000);
      const again = await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'payments-prod',
        syncStatus: 'Unknown',
      });
      expect(again.id).not.toBe(opened.id);
      expect(again.startedAt).toBe('2026-11-22T10:10:00.000Z');
    });

    it('keeps applications in different namespaces apart', async () => {
      const { store } = await createStore();
      const plain = await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'api',
        syncStatus: 'OutOfSync',
      });
      const namespaced = await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'api',
        appNamespace: 'team-a',
        syncStatus: 'OutOfSync',
      });
      expect(namespaced.id).not.toBe(plain.id);
      expect(namespaced.appNamespace).toBe('team-a');

      await store.recordDriftEnd(
        'prod-eu',
        'api',
        '2026-11-22T10:01:00Z',
        'team-a',
      );
      await expect(store.openDrift('prod-eu', 'api')).resolves.toEqual(plain);
      await expect(
        store.openDrift('prod-eu', 'api', 'team-a'),
      ).resolves.toBeUndefined();
    });

    it('records a drift start time given by the poller', async () => {
      const { store } = await createStore();
      const opened = await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'api',
        syncStatus: 'OutOfSync',
        startedAt: '2026-11-22T11:30:00.250+01:00',
      });
      expect(opened.startedAt).toBe('2026-11-22T10:30:00.250Z');
      await expect(store.openDrift('prod-eu', 'api')).resolves.toEqual(opened);
    });

    it('refuses to end drift before it started', async () => {
      const { store } = await createStore();
      await store.recordDriftStart({
        agentId: 'prod-eu',
        application: 'api',
        syncStatus: 'OutOfSync',
      });
      await expect(
        store.recordDriftEnd('prod-eu', 'api', '2026-11-22T09:59:59.000Z'),
      ).rejects.toMatchObject({
        name: 'InputError',
        message: expect.stringContaining('endedAt'),
      });
      await expect(store.openDrift('prod-eu', 'api')).resolves.toBeDefined();
    });

    it('lists drift newest first, filtered and limited', async () => {
      const { store } = await createStore();
      const names = ['a', 'b', 'c', 'd'];
      for (const name of names) {
        await store.recordDriftStart({
          agentId: name === 'd' ? 'dev' : 'prod-eu',
          application: name,
          entityRef: name === 'a' ? 'component:default/a' : undefined,
          environment: name === 'd' ? 'dev' : 'prod',
          syncStatus: 'OutOfSync',
        });
        tick(60_000);
      }
      // a: 10:00-10:10, b: 10:01-10:02, c and d still open.
      await store.recordDriftEnd('prod-eu', 'a', '2026-11-22T10:10:00.000Z');
      await store.recordDriftEnd('prod-eu', 'b', '2026-11-22T10:02:00.000Z');

      const apps = async (
        filter: Parameters<typeof store.listDriftEvents>[0],
      ) =>
        (await store.listDriftEvents(filter)).map(event => event.application);

      await expect(apps({})).resolves.toEqual(['d', 'c', 'b', 'a']);
      await expect(apps({ open: true })).resolves.toEqual(['d', 'c']);
      await expect(apps({ open: false })).resolves.toEqual(['b', 'a']);
      await expect(apps({ agentId: 'dev' })).resolves.toEqual(['d']);
      await expect(apps({ environment: 'prod' })).resolves.toEqual([
        'c',
        'b',
        'a',
      ]);
      await expect(apps({ entityRef: 'component:default/a' })).resolves.toEqual(
        ['a'],
      );
      await expect(
        apps({ agentId: 'prod-eu', application: 'b' }),
      ).resolves.toEqual(['b']);
      await expect(
        apps({ since: '2026-11-22T10:05:00.000Z' }),
      ).resolves.toEqual(['d', 'c', 'a']);
      await expect(
        apps({ before: '2026-11-22T10:02:00.000Z' }),
      ).resolves.toEqual(['b', 'a']);
      await expect(apps({ limit: 1 })).resolves.toEqual(['d']);
    });
  });

  describe('fleet state', () => {
    it('upserts rows and deletes those of vanished applications', async () => {
      const { store } = await createStore();
      await expect(store.getFleetState('prod-eu')).resolves.toEqual([]);

      await expect(
        store.putFleetState('prod-eu', [
          fleetRow('a'),
          fleetRow('b', { syncStatus: 'OutOfSync', health: 'Degraded' }),
          fleetRow('c', {
            appKey: 'prod-eu:team-a/c',
            appNamespace: 'team-a',
            health: undefined,
            revision: undefined,
            observedAt: '2026-11-22T09:59:00.123Z',
          }),
        ]),
      ).resolves.toEqual({ upserted: 3, removed: [] });
      await store.putFleetState('dev', [fleetRow('a', { appKey: 'dev:/a' })]);

      await expect(store.getFleetState('prod-eu')).resolves.toEqual([
        {
          appKey: 'prod-eu:/a',
          application: 'a',
          syncStatus: 'Synced',
          health: 'Healthy',
          revision: 'abc123',
          observedAt: T0,
        },
        {
          appKey: 'prod-eu:/b',
          application: 'b',
          syncStatus: 'OutOfSync',
          health: 'Degraded',
          revision: 'abc123',
          observedAt: T0,
        },
        {
          appKey: 'prod-eu:team-a/c',
          application: 'c',
          appNamespace: 'team-a',
          syncStatus: 'Synced',
          observedAt: '2026-11-22T09:59:00.123Z',
        },
      ]);

      tick(60_000);
      const result = await store.putFleetState('prod-eu', [
        fleetRow('a', { syncStatus: 'OutOfSync', revision: 'def456' }),
        fleetRow('d'),
      ]);
      expect(result.upserted).toBe(2);
      expect(result.removed.map(row => row.appKey).sort()).toEqual([
        'prod-eu:/b',
        'prod-eu:team-a/c',
      ]);
      expect(result.removed.find(row => row.application === 'c')).toEqual(
        expect.objectContaining({
          appNamespace: 'team-a',
          observedAt: '2026-11-22T09:59:00.123Z',
        }),
      );

      await expect(store.getFleetState('prod-eu')).resolves.toEqual([
        {
          appKey: 'prod-eu:/a',
          application: 'a',
          syncStatus: 'OutOfSync',
          health: 'Healthy',
          revision: 'def456',
          observedAt: '2026-11-22T10:01:00.000Z',
        },
        {
          appKey: 'prod-eu:/d',
          application: 'd',
          syncStatus: 'Synced',
          health: 'Healthy',
          revision: 'abc123',
          observedAt: '2026-11-22T10:01:00.000Z',
        },
      ]);
      // Other agents are untouched.
      await expect(store.getFleetState('dev')).resolves.toHaveLength(1);

      const emptied = await store.putFleetState('prod-eu', []);
      expect(emptied.removed).toHaveLength(2);
      await expect(store.getFleetState('prod-eu')).resolves.toEqual([]);
      await expect(store.getFleetState('dev')).resolves.toHaveLength(1);
    });

    it('handles fleets larger than one batch', async () => {
      const { store } = await createStore();
      const names = Array.from(
        { length: 450 },
        (_, i) => `app-${String(i).padStart(3, '0')}`,
      );
      await store.putFleetState(
        'prod-eu',
        names.map(name => fleetRow(name)),
      );
      await expect(store.getFleetState('prod-eu')).resolves.toHaveLength(450);

      const result = await store.putFleetState(
        'prod-eu',
        names.slice(0, 10).map(name => fleetRow(name, { health: 'Missing' })),
      );
      expect(result.removed).toHaveLength(440);
      const state = await store.getFleetState('prod-eu');
      expect(state.map(row => row.health)).toEqual(Array(10).fill('Missing'));
    });
  });

  describe('input validation', () => {
    const invalid = (field: string) => ({
      name: 'InputError',
      message: expect.stringContaining(field),
    });

    it('rejects bad operations', async () => {
      const { store } = await createStore();
      const cases: Array<[string, Record<string, unknown>]> = [
        ['actor', { actor: '' }],
        ['actor', { actor: undefined }],
        ['agentId', { agentId: 42 }],
        ['action', { action: 'delete' }],
        ['parameters', { parameters: ['prune'] }],
        ['parameters', { parameters: null }],
        ['parameters', { parameters: { big: 'x'.repeat(70_000) } }],
        ['entityRef', { entityRef: 'x'.repeat(256) }],
        ['application', { application: '' }],
        ['appNamespace', { appNamespace: 7 }],
      ];
      for (const [field, override] of cases) {
        await expect(
          store.startOperation({
            ...operation(),
            ...override,
          } as StartOperationInput),
        ).rejects.toMatchObject(invalid(field));
      }
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(
        store.startOperation(operation({ parameters: circular })),
      ).rejects.toMatchObject(invalid('parameters'));
      await expect(store.listOperations()).resolves.toEqual([]);
    });

    it('rejects bad completions', async () => {
      const { store } = await createStore();
      const { id: opId } = await store.startOperation(operation());
      await expect(
        store.completeOperation('42', { outcome: 'succeeded' }),
      ).rejects.toMatchObject(invalid('id'));
      await expect(
        store.completeOperation(opId, { outcome: 'pending' as 'failed' }),
      ).rejects.toMatchObject(invalid('outcome'));
      await expect(
        store.completeOperation(opId, {
          outcome: 'failed',
          message: 42 as unknown as string,
        }),
      ).rejects.toMatchObject(invalid('message'));
      await expect(store.getOperation(opId)).resolves.toMatchObject({
        outcome: 'pending',
      });
    });

    it('rejects bad list filters', async () => {
      const { store } = await createStore();
      for (const limit of [0, -1, 501, 1.5, Number.NaN, '10']) {
        await expect(
          store.listOperations({ limit: limit as number }),
        ).rejects.toMatchObject(invalid('limit'));
        await expect(
          store.listDriftEvents({ limit: limit as number }),
        ).rejects.toMatchObject(invalid('limit'));
      }
      for (const before of ['yesterday', '2026-11-22', '2026-11-22T10:00:00']) {
        await expect(store.listOperations({ before })).rejects.toMatchObject(
          invalid('before'),
        );
      }
      await expect(
        store.listDriftEvents({ since: 'now' }),
      ).rejects.toMatchObject(invalid('since'));
      await expect(
        store.listDriftEvents({ open: 'yes' as unknown as boolean }),
      ).rejects.toMatchObject(invalid('open'));
      await expect(store.listOperations({ agentId: '' })).rejects.toMatchObject(
        invalid('agentId'),
      );
    });

    it('rejects bad drift records', async () => {
      const { store } = await createStore();
      const base = {
        agentId: 'prod-eu',
        application: 'api',
        syncStatus: 'OutOfSync' as const,
      };
      await expect(
        store.recordDriftStart({ ...base, syncStatus: 'Drifting' as 'Synced' }),
      ).rejects.toMatchObject(invalid('syncStatus'));
      await expect(
        store.recordDriftStart({ ...base, health: 'Sick' as 'Healthy' }),
      ).rejects.toMatchObject(invalid('health'));
      await expect(
        store.recordDriftStart({ ...base, startedAt: '22/11/2026' }),
      ).rejects.toMatchObject(invalid('startedAt'));
      await expect(
        store.recordDriftStart({ ...base, application: '' }),
      ).rejects.toMatchObject(invalid('application'));
      await expect(
        store.recordDriftEnd('prod-eu', 'api', 'later'),
      ).rejects.toMatchObject(invalid('endedAt'));
      await expect(store.openDrift('', 'api')).rejects.toMatchObject(
        invalid('agentId'),
      );
      await expect(store.listDriftEvents()).resolves.toEqual([]);
    });

    it('rejects bad fleet state', async () => {
      const { store } = await createStore();
      await store.putFleetState('prod-eu', [fleetRow('a')]);

      await expect(
        store.putFleetState('prod-eu', [fleetRow('b'), fleetRow('b')]),
      ).rejects.toMatchObject(invalid('rows[1].appKey'));
      await expect(
        store.putFleetState('prod-eu', [
          fleetRow('b'),
          fleetRow('c', { syncStatus: 'Drifting' as 'Synced' }),
        ]),
      ).rejects.toMatchObject(invalid('rows[1].syncStatus'));
      await expect(
        store.putFleetState('prod-eu', [fleetRow('b', { observedAt: 'now' })]),
      ).rejects.toMatchObject(invalid('rows[0].observedAt'));
      await expect(
        store.putFleetState('prod-eu', [fleetRow('b', { appKey: '' })]),
      ).rejects.toMatchObject(invalid('rows[0].appKey'));
      await expect(
        store.putFleetState('', [fleetRow('b')]),
      ).rejects.toMatchObject(invalid('agentId'));
      await expect(
        store.putFleetState('prod-eu', {} as FleetStateInput[]),
      ).rejects.toMatchObject(invalid('rows'));
      await expect(store.getFleetState('')).rejects.toMatchObject(
        invalid('agentId'),
      );

      // Nothing was written by the rejected calls.
      await expect(store.getFleetState('prod-eu')).resolves.toEqual([
        expect.objectContaining({ appKey: 'prod-eu:/a' }),
      ]);
    });
  });
});
