import { mockServices } from '@backstage/backend-test-utils';
import { createTestDatabases } from '../testUtils/testDatabases';
import { at, T0, testClock } from '../testUtils/auditFixtures';
import { DatabaseDriftEventStore } from './DatabaseDriftEventStore';

jest.setTimeout(60_000);

const databases = createTestDatabases();

describe.each(databases.eachSupportedId())(
  'DatabaseDriftEventStore (%s)',
  id => {
    let clock: ReturnType<typeof testClock>;

    async function createStore() {
      const knex = await databases.init(id);
      const store = await DatabaseDriftEventStore.create({
        database: mockServices.database({ knex }),
        clock: () => clock.now(),
      });
      return { knex, store };
    }

    beforeEach(() => {
      clock = testClock();
    });

    it('opens, finds and ends drift', async () => {
      const { store } = await createStore();
      await expect(
        store.openDrift('prod-eu', 'payments-prod'),
      ).resolves.toBeUndefined();

      const drift = {
        agentId: 'prod-eu',
        application: 'payments-prod',
        entityRef: 'component:default/payments',
        environment: 'prod',
        syncStatus: 'OutOfSync',
        health: 'Degraded',
        revision: 'abc123',
      } as const;
      const opened = await store.recordDriftStart(drift);
      expect(opened).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ...drift,
        startedAt: T0,
      });
      await expect(
        store.openDrift('prod-eu', 'payments-prod'),
      ).resolves.toEqual(opened);

      // Seeing the same drift again does not open a second period.
      clock.tick();
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
      clock.set(at(T0, 10 * 60 * 1000).toISOString());
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

    it('records a sub-second drift once when two replicas see it, in any order', async () => {
      const { knex, store: first } = await createStore();
      // a second replica: its own connection pool on the same database
      const second = await DatabaseDriftEventStore.create({
        database: mockServices.database({ knex }),
      });
      const drift = (startedAt: string) => ({
        agentId: 'prod-eu',
        application: 'api',
        syncStatus: 'OutOfSync' as const,
        startedAt,
      });
      // the first replica saw the drift begin and end (400 ms) before the
      // second got to record its start, 50 ms after the first
      const opened = await first.recordDriftStart(
        drift('2026-11-22T10:00:00.000Z'),
      );
      await first.recordDriftEnd('prod-eu', 'api', '2026-11-22T10:00:00.400Z');
      const late = await second.recordDriftStart(
        drift('2026-11-22T10:00:00.050Z'),
      );
      expect(late.id).toBe(opened.id);
      await second.recordDriftEnd('prod-eu', 'api', '2026-11-22T10:00:00.450Z');
      // both at once: the next drift, a second later
      const [a, b] = await Promise.all([
        first.recordDriftStart(drift('2026-11-22T10:00:01.000Z')),
        second.recordDriftStart(drift('2026-11-22T10:00:01.030Z')),
      ]);
      expect(b.id).toBe(a.id);
      await Promise.all([
        first.recordDriftEnd('prod-eu', 'api', '2026-11-22T10:00:01.500Z'),
        second.recordDriftEnd('prod-eu', 'api', '2026-11-22T10:00:01.530Z'),
      ]);

      const rows = await knex('gitops_drift_events')
        .orderBy('started_at')
        .select('id', 'ended_at');
      expect(rows.map(row => row.id)).toEqual([opened.id, a.id]);
      expect(rows.every(row => row.ended_at !== null)).toBe(true);
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
        clock.tick(60_000);
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
  },
);
