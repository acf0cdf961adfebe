import { mockServices } from '@backstage/backend-test-utils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { Knex } from 'knex';
import { DatabaseDriftEventStore } from '../audit/DatabaseDriftEventStore';
import { DatabaseOperationStore } from '../audit/DatabaseOperationStore';
import { createTestDatabases } from '../testUtils/testDatabases';
import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { createFleet, Fleet } from '../fleet/createFleet';
import { DatabaseDeliveryEventStore } from '../metrics/DatabaseDeliveryEventStore';
import {
  shopNonprodAgent,
  shopProdAgent,
  shopScenario,
  shopService,
  waitFor,
} from '../testUtils';
import { FleetRecorder } from './FleetRecorder';

jest.setTimeout(90_000);

const databases = createTestDatabases();

/*
 * Two backend replicas (each its own fleet state over its own watch
 * streams, each its own recorder) over one database, against a real
 * sandbox: each transition is one row, however many replicas saw it, and
 * a replica that starts later reconciles without rewriting what agrees.
 */
const scenario = shopScenario('gitops-backend-recorder-test', {
  services: [
    shopService('payments', {
      overrides: { qa: { health: 'Degraded', operation: 'Failed' } },
    }),
    shopService('checkout'),
  ],
  agents: [
    shopNonprodAgent({ syncDurationMs: 50 }),
    shopProdAgent({ syncDurationMs: 50 }),
  ],
});

interface Replica {
  fleet: Fleet;
  recorder: FleetRecorder;
}

describe.each(databases.eachSupportedId())('FleetRecorder (%s)', id => {
  let sandbox: Sandbox;
  let knex: Knex;
  const replicas: Replica[] = [];

  async function startReplica(): Promise<Replica> {
    const database = mockServices.database({ knex });
    const registry = sandboxRegistry(sandbox);
    const fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets: [],
    });
    const recorder = new FleetRecorder({
      state: fleet.state,
      agentIds: sandbox.agents.map(agent => agent.id),
      drift: await DatabaseDriftEventStore.create({ database }),
      deliveries: await DatabaseDeliveryEventStore.create({ database }),
      operations: await DatabaseOperationStore.create({ database }),
      provider: agentId => registry.list().find(p => p.agent.id === agentId),
      logger: mockServices.logger.mock(),
    });
    recorder.start();
    fleet.start();
    const replica = { fleet, recorder };
    replicas.push(replica);
    for (const agent of sandbox.agents) {
      await fleet.state.whenLoaded(agent.id, AbortSignal.timeout(20_000));
    }
    return replica;
  }

  /**
   * Every replica recorded what its fleet state said so far; with
   * `histories`, also the catch-up reads of every application it holds.
   */
  const settled = (options: { histories?: boolean } = {}) =>
    Promise.all(
      replicas.map(({ fleet, recorder }) =>
        recorder.settled(
          60_000,
          options.histories
            ? sandbox.agents.flatMap(agent => [
                ...(fleet.state.loaded(agent.id)?.apps.keys() ?? []),
              ])
            : undefined,
        ),
      ),
    );

  const drifts = async (application?: string) =>
    (await knex('gitops_drift_events')
      .modify(query => {
        if (application) query.where({ application });
      })
      .orderBy('started_at')
      .select('id', 'application', 'started_at', 'ended_at')) as Array<{
      id: string;
      application: string;
      started_at: unknown;
      ended_at: unknown;
    }>;

  /** Waits until every replica holds `application` in `status`. */
  const held = (agentId: string, application: string, status: string) =>
    waitFor(`${application} ${status} on every replica`, async () =>
      replicas.every(
        ({ fleet }) =>
          [...(fleet.state.loaded(agentId)?.apps.values() ?? [])].find(
            app => app.name === application,
          )?.sync.status === status,
      )
        ? true
        : undefined,
    );

  async function control(agentId: string, path: string, body: object) {
    const agent = sandbox.agent(agentId);
    const res = await fetch(`${agent.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${agent.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    knex = await databases.init(id);
  });
  afterAll(async () => {
    for (const { fleet, recorder } of replicas) {
      await fleet.stop();
      await recorder.stop();
    }
    await sandbox?.close();
  });

  it('reconciles at startup: drift that began and ended unwatched, the unhealthy, the history', async () => {
    const database = mockServices.database({ knex });
    const earlier = await DatabaseDriftEventStore.create({ database });
    // drifting when the last replica stopped; synced (or gone) since
    await earlier.recordDriftStart({
      agentId: 'prod',
      application: 'checkout-prod',
      syncStatus: 'OutOfSync',
      startedAt: '2026-11-20T10:00:00Z',
    });
    await earlier.recordDriftStart({
      agentId: 'prod',
      application: 'gone',
      syncStatus: 'OutOfSync',
      startedAt: '2026-11-20T10:00:00Z',
    });
    // drifting now, before any replica watched
    sandbox.drift('prod', 'payments-prod');

    await startReplica();
    await startReplica();
    await held('prod', 'payments-prod', 'OutOfSync');
    await settled({ histories: true });

    const rows = await drifts();
    expect(
      rows
        .map(row => [
          row.application,
          row.ended_at === null ? 'open' : 'closed',
        ])
        .sort(),
    ).toEqual([
      ['checkout-prod', 'closed'],
      ['gone', 'closed'],
      ['payments-prod', 'open'],
      // its last sync failed: still out of sync
      ['payments-qa', 'open'],
    ]);
    // the Degraded qa application: one open period, from both replicas
    const unhealthy = await knex('gitops_health_periods').select(
      'application',
      'health',
      'ended_at',
    );
    expect(unhealthy).toEqual([
      { application: 'payments-qa', health: 'Degraded', ended_at: null },
    ]);
    // every application's history read once, recorded once
    const deployments = await knex('gitops_deployments')
      .select('app_key')
      .count({ n: '*' })
      .groupBy('app_key');
    expect(deployments.length).toBe(6);
    const failures = await knex('gitops_sync_failures').select('application');
    expect(failures).toEqual([{ application: 'payments-qa' }]);
  });

  it('records a drift of seconds once, seen by both replicas', async () => {
    await control('nonprod', '/_sandbox/drift', {
      application: 'checkout-dev',
    });
    await held('nonprod', 'checkout-dev', 'OutOfSync');
    // synced again through the agent's API, a moment later
    const agent = sandbox.agent('nonprod');
    const sync = await fetch(
      `${agent.url}/api/v1/applications/checkout-dev/sync`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${agent.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ prune: true }),
      },
    );
    expect(sync.status).toBe(200);
    await held('nonprod', 'checkout-dev', 'Synced');
    await settled();

    const rows = await drifts('checkout-dev');
    expect(rows).toHaveLength(1);
    expect(rows[0].ended_at).not.toBeNull();
    // and every deployment of its history once, the sync's included
    const raw = await fetch(`${agent.url}/api/v1/applications/checkout-dev`, {
      headers: { Authorization: `Bearer ${agent.token}` },
    }).then(res => res.json());
    const recorded = await knex('gitops_deployments')
      .where({ application: 'checkout-dev' })
      .orderBy('history_id')
      .select('history_id');
    expect(recorded.map(row => Number(row.history_id))).toEqual(
      raw.status.history.map((entry: { id: number }) => entry.id),
    );
    // made outside the portal after the application was first recorded:
    // audited once, as its initiator (the backlog recorded at first sight
    // is its past, not an operation the recorder saw)
    const operations = await DatabaseOperationStore.create({
      database: mockServices.database({ knex }),
    });
    const audited = await operations.listOperations({
      agentId: 'nonprod',
      application: 'checkout-dev',
      origin: 'agent',
    });
    const newest = raw.status.history[raw.status.history.length - 1];
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      origin: 'agent',
      action: 'sync',
      outcome: 'succeeded',
      actor: newest.initiatedBy?.username ?? 'automated sync',
      environment: 'dev',
      parameters: { historyId: newest.id, revision: newest.revision },
    });
  });

  it('leaves agreeing rows alone when another replica starts', async () => {
    const before = {
      drift: await knex('gitops_drift_events').orderBy('id').select(),
      health: await knex('gitops_health_periods').orderBy('id').select(),
      deployments: await knex('gitops_deployments')
        .orderBy(['app_key', 'history_id'])
        .select(),
    };
    await startReplica();
    await settled();
    expect(await knex('gitops_drift_events').orderBy('id').select()).toEqual(
      before.drift,
    );
    expect(await knex('gitops_health_periods').orderBy('id').select()).toEqual(
      before.health,
    );
    expect(
      await knex('gitops_deployments')
        .orderBy(['app_key', 'history_id'])
        .select(),
    ).toEqual(before.deployments);
  });
});
