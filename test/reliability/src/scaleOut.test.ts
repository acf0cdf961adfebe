import { POSTGRES_URL, REDIS_URL, requireServices } from './support/services';
import {
  ScaleOutCluster,
  startScaleOutBackends,
} from './support/startScaleOutBackends';

/*
 * Scale-out: two backend processes on one PostgreSQL database and one
 * Redis. The drift poller runs once per interval across both, caches are
 * shared (a read on A then the same read on B costs one upstream call),
 * an operation through A is in the audit log B serves and drops the cached
 * list B reads.
 */

const POLL_SECONDS = 2;
const WINDOW_MS = 16_000;

function count(cluster: ScaleOutCluster, since: number, pattern: RegExp) {
  return cluster.agentTap.seen
    .slice(since)
    .filter(r => r.method === 'GET' && pattern.test(r.url)).length;
}

describe('scale-out: two backend processes, one PostgreSQL, one Redis', () => {
  let cluster: ScaleOutCluster | undefined;
  const summary: string[] = [];

  beforeAll(async () => {
    if (!(await requireServices())) return;
    const started = Date.now();
    cluster = await startScaleOutBackends({
      replicas: 2,
      postgresUrl: POSTGRES_URL,
      redisUrl: REDIS_URL,
      pollerFrequencySeconds: POLL_SECONDS,
      cacheTtlSeconds: 60,
    });
    summary.push(`2 processes up in ${Date.now() - started} ms`);
  });

  afterAll(async () => {
    await cluster?.stop();
    // eslint-disable-next-line no-console
    console.log(
      cluster
        ? `scale-out: ${summary.join('; ')}`
        : 'scale-out: skipped (PostgreSQL or Redis not reachable, and CI is not set)',
    );
  });

  const get = (replica: number, path: string) =>
    fetch(`${cluster!.replicas[replica].url}${path}`, {
      headers: { authorization: cluster!.authorization },
    });

  it('shares caches: a read on A then on B makes one upstream call', async () => {
    if (!cluster) return;
    for (const [route, upstream] of [
      [
        '/api/gitops/repositories',
        /\/(api\/v1|gitops\/api\/v1\/agents\/[^/]+)\/repositories/,
      ],
      [
        '/api/gitops/clusters',
        /\/(api\/v1|gitops\/api\/v1\/agents\/[^/]+)\/clusters/,
      ],
    ] as const) {
      const mark = cluster.agentTap.seen.length;
      const a = await get(0, route);
      expect(a.status).toBe(200);
      const afterA = count(cluster, mark, upstream);
      const b = await get(1, route);
      expect(b.status).toBe(200);
      const afterB = count(cluster, mark, upstream);
      expect(afterA).toBe(3); // one per agent
      expect(afterB).toBe(afterA); // B served it from the shared cache
      expect(await b.json()).toEqual(await a.json());
      summary.push(
        `${route}: ${afterA} upstream calls for A, ${
          afterB - afterA
        } more for B`,
      );
    }
  });

  it('keeps audit consistent: an operation on A is visible from B, and B’s cached list drops', async () => {
    if (!cluster) return;
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
    const sync = await fetch(`${cluster.replicas[0].url}${base}/sync`, {
      method: 'POST',
      headers: {
        authorization: cluster.authorization,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prune: true }),
    });
    expect(sync.status).toBe(200);
    const { auditId } = await sync.json();
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
    const after = await findApp(1);
    expect(after.operation?.startedAt).toBeDefined();
    expect(after.operation?.startedAt).not.toBe(before.operation?.startedAt);
    summary.push(
      `sync ${auditId.slice(
        0,
        8,
      )} on A: in B's audit log, B's cached list refreshed`,
    );
  });

  it('runs the drift poller once per interval across both processes', async () => {
    if (!cluster) return;
    const lists = /^\/agents\/nonprod\/api\/v1\/applications\?/;
    // quiet: no reads, so every application list now is a poll
    await new Promise(r => setTimeout(r, 1000));
    const mark = cluster.agentTap.seen.length;
    await new Promise(r => setTimeout(r, WINDOW_MS));
    const runs = count(cluster, mark, lists);
    // one schedule: a run per interval, +1 for the window's edges, +1 for a
    // run that started late and one on time right after it
    const perInterval = WINDOW_MS / 1000 / POLL_SECONDS;
    const max = perInterval + 2;
    summary.push(
      `drift poller: ${runs} runs in ${
        WINDOW_MS / 1000
      } s at a ${POLL_SECONDS} s interval on 2 processes (at most ${max} for one schedule, ~${
        2 * perInterval
      } if each ran its own)`,
    );
    expect(runs).toBeGreaterThanOrEqual(perInterval / 2);
    expect(runs).toBeLessThanOrEqual(max);

    // and it is not tied to one process: with A gone, B keeps polling
    await cluster.replicas[0].stop();
    await new Promise(r => setTimeout(r, 2000));
    const alone = cluster.agentTap.seen.length;
    await new Promise(r => setTimeout(r, 8000));
    const onB = count(cluster, alone, lists);
    summary.push(`with A stopped, B ran ${onB} polls in 8 s`);
    expect(onB).toBeGreaterThanOrEqual(2);
  });
});
