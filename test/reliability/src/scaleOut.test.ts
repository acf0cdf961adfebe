import {
  POSTGRES_URL,
  REDIS_URL,
  queryPostgres,
  requireServices,
} from './support/services';
import {
  cacheKeys,
  ScaleOutCluster,
  startScaleOutBackends,
} from './support/startScaleOutBackends';

/*
 * Scale-out: two backend processes on one PostgreSQL database and one
 * Redis. Each replica keeps its own fleet state from its own feeds, so
 * reads cost no upstream call once warm, and records what it sees change:
 * a drift both saw is one row in PostgreSQL; an operation through A is in
 * the audit log B serves, and B sees the operation through its own watch
 * stream.
 */

describe('scale-out: two backend processes, one PostgreSQL, one Redis', () => {
  let started: ScaleOutCluster | undefined;
  /** The running cluster; a test without one fails (beforeAll says why). */
  const cluster = () => {
    if (!started) throw new Error('the scale-out backends did not start');
    return started;
  };
  const summary: string[] = [];

  beforeAll(async () => {
    await requireServices();
    const startedAt = Date.now();
    started = await startScaleOutBackends({
      replicas: 2,
      postgresUrl: POSTGRES_URL,
      redisUrl: REDIS_URL,
    });
    summary.push(`2 processes up in ${Date.now() - startedAt} ms`);
  });

  afterAll(async () => {
    await started?.stop();
    // eslint-disable-next-line no-console
    if (started) console.log(`scale-out: ${summary.join('; ')}`);
  });

  const get = (replica: number, path: string) =>
    fetch(`${cluster().replicas[replica].url}${path}`, {
      headers: { authorization: cluster().authorization },
    });

  it('serves reads from each replica’s own fleet state: no upstream call once warm', async () => {
    const routes = [
      '/api/gitops/repositories',
      '/api/gitops/clusters',
      '/api/gitops/fleet/applications',
      '/api/gitops/entity/default/component/payments/applications',
    ];
    // warm: both replicas loaded every agent
    await Promise.all([0, 1].map(replica => warm(replica)));
    const mark = cluster().agentTap.seen.length;
    for (const route of routes) {
      const [a, b] = await Promise.all([get(0, route), get(1, route)]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      const [bodyA, bodyB] = [await a.json(), await b.json()];
      expect(bodyA.errors).toEqual([]);
      expect(bodyB.items ?? bodyB.environments).toEqual(
        bodyA.items ?? bodyA.environments,
      );
    }
    const upstream = cluster().agentTap.seen.slice(mark);
    expect(upstream.map(r => `${r.method} ${r.url}`)).toEqual([]);
    summary.push(
      `${routes.length} routes on A and on B: ${upstream.length} upstream calls (each replica follows the agents itself)`,
    );
  });

  it('keeps audit consistent: an operation on A is visible from B, in its audit log and its fleet state', async () => {
    const base =
      '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev';
    const findApp = async (replica: number) => {
      const res = await get(
        replica,
        '/api/gitops/fleet/applications?agent=nonprod',
      );
      const body = await res.json();
      return body.items.find(
        (a: { name: string }) => a.name === 'payments-dev',
      );
    };
    const before = await findApp(1); // B caches nonprod's list in Redis
    const sync = await fetch(`${cluster().replicas[0].url}${base}/sync`, {
      method: 'POST',
      headers: {
        authorization: cluster().authorization,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prune: true }),
    });
    const synced = await sync.json();
    // the answer whole, so a refusal names its agent and cause
    expect({ status: sync.status, body: synced }).toMatchObject({
      status: 200,
    });
    const { auditId } = synced;
    const audit = await (
      await get(1, '/api/gitops/audit?agent=nonprod&application=payments-dev')
    ).json();
    expect(audit.items).toContainEqual(
      expect.objectContaining({
        id: auditId,
        action: 'sync',
        outcome: 'succeeded',
        parameters: { prune: true },
      }),
    );
    // B follows the agent's stream itself: the new operation arrives there
    let after = await findApp(1);
    for (
      let i = 0;
      i < 50 && after.operation?.startedAt === before.operation?.startedAt;
      i++
    ) {
      await new Promise(r => setTimeout(r, 100));
      after = await findApp(1);
    }
    expect(after.operation?.startedAt).toBeDefined();
    expect(after.operation?.startedAt).not.toBe(before.operation?.startedAt);
    summary.push(
      `sync ${auditId.slice(
        0,
        8,
      )} on A: in B's audit log, B saw it through its own stream`,
    );
  });

  it('keeps each agent’s fleet snapshot in the shared Redis, for a new replica to start warm from', async () => {
    // Backstage's cache stores each plugin's keys base64-encoded
    const keys = (await cacheKeys(REDIS_URL, cluster().cacheNamespace)).map(
      key => Buffer.from(key.split(':').pop()!, 'base64').toString('utf8'),
    );
    const agents = cluster()
      .sandbox.agents.map(agent => agent.id)
      .sort();
    const snapshotted = agents.filter(id =>
      keys.some(key => key.startsWith(`fleet-snapshot:v1:${id}:`)),
    );
    summary.push(`fleet snapshots in Redis for ${snapshotted.join(', ')}`);
    expect(snapshotted).toEqual(agents);
  });

  it('records a drift both replicas saw once: one row, opened and closed', async () => {
    const agent = cluster().sandbox.agent('prod');
    const call = (path: string, body: object) =>
      fetch(`${agent.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${agent.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const status = async (replica: number) => {
      const res = await get(
        replica,
        '/api/gitops/fleet/applications?agent=prod',
      );
      const body = await res.json();
      return body.items?.find(
        (a: { name: string }) => a.name === 'payments-prod',
      )?.sync.status;
    };
    const onBoth = async (wanted: string) => {
      for (let i = 0; i < 100; i++) {
        if ((await status(0)) === wanted && (await status(1)) === wanted) {
          return;
        }
        await new Promise(r => setTimeout(r, 100));
      }
      throw new Error(`payments-prod is not ${wanted} on both replicas`);
    };
    const began = new Date();
    expect(
      (await call('/_sandbox/drift', { application: 'payments-prod' })).status,
    ).toBe(200);
    await onBoth('OutOfSync');
    expect(
      (await call('/api/v1/applications/payments-prod/sync', { prune: true }))
        .status,
    ).toBe(200);
    await onBoth('Synced');

    const rows = async () =>
      queryPostgres({
        postgresUrl: POSTGRES_URL,
        database: `${cluster().databasePrefix}gitops`,
        sql: `SELECT started_at, ended_at FROM gitops_drift_events
               WHERE agent_id = 'prod' AND application = 'payments-prod'
                 AND started_at >= $1`,
        params: [new Date(began.getTime() - 1000)],
      });
    let drift = await rows();
    for (let i = 0; i < 50 && (drift[0]?.ended_at ?? null) === null; i++) {
      await new Promise(r => setTimeout(r, 100));
      drift = await rows();
    }
    expect(drift).toHaveLength(1);
    expect(drift[0].ended_at).not.toBeNull();
    const lasted =
      new Date(drift[0].ended_at as string).getTime() -
      new Date(drift[0].started_at as string).getTime();
    summary.push(`a drift of ${lasted} ms seen by both: 1 row in PostgreSQL`);
  });

  /** Waits until a replica answers the fleet with every agent loaded. */
  async function warm(replica: number) {
    for (let i = 0; i < 100; i++) {
      const res = await get(replica, '/api/gitops/fleet/applications');
      if (res.status === 200 && (await res.json()).errors?.length === 0) return;
      await new Promise(r => setTimeout(r, 200));
    }
  }
});
