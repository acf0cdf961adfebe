import { mockServices } from '@backstage/backend-test-utils';
import { createTestDatabases } from '../__testUtils__/testDatabases';
import {
  at,
  fleetRow,
  invalid,
  T0,
  testClock,
} from './__testUtils__/auditFixtures';
import { DatabaseFleetStateStore } from './DatabaseFleetStateStore';
import { FleetStateInput } from './types';

jest.setTimeout(60_000);

const databases = createTestDatabases();

describe.each(databases.eachSupportedId())(
  'DatabaseFleetStateStore (%s)',
  id => {
    let clock: ReturnType<typeof testClock>;

    async function createStore() {
      const knex = await databases.init(id);
      const store = await DatabaseFleetStateStore.create({
        database: mockServices.database({ knex }),
        clock: () => clock.now(),
      });
      return { knex, store };
    }

    beforeEach(() => {
      clock = testClock();
    });

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

      clock.tick(60_000);
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
      // matched by message: better-sqlite3's error class comes from the
      // first test file of a jest worker, so it fails `instanceof Error` here
      await expect(
        knex('gitops_fleet_state').insert(row),
      ).rejects.toMatchObject({
        message: expect.stringMatching(/UNIQUE constraint|duplicate key/),
      });
      await knex('gitops_fleet_state').insert({ ...row, agent_id: 'prod-us' });
    });

    describe('input validation', () => {
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
          store.putFleetState('prod-eu', [
            fleetRow('b', { observedAt: 'now' }),
          ]),
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
  },
);
