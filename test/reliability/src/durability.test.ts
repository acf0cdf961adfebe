import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { fleetApplications, fleetScenario } from './support/fleetScenario';
import { rawApplication } from './support/sandboxControl';
import {
  PrivatePostgres,
  startPrivatePostgres,
} from './support/privatePostgres';
import { startPostgresCutProxy } from './support/postgresCutProxy';
import {
  POSTGRES_URL,
  dropDatabases,
  requireServices,
} from './support/services';

/*
 * Durability: a burst of syncs against a backend on PostgreSQL, and the
 * database restarted in the middle of it (a private server of this test;
 * the shared one is never touched). Afterwards: no audit row lost (every
 * answered sync and every agent call has its row), no operation applied
 * twice (the sandbox agents' own history counts agree), and the same
 * backend process serves and records again without a restart.
 */

/** Syncs per application at least; lanes go on until the database is back. */
const ROUNDS = 10;
/** Pause between two syncs of one lane: the burst outlasts the outage. */
const PACE_MS = 500;
const DOWN_MS = 2500;

/** Operations an agent has applied to an application: its last history id. */
async function appliedOperations(
  env: ReliabilityBackend,
  agent: string,
  name: string,
) {
  const raw = await rawApplication(env.sandbox, agent, name);
  const history: Array<{ id: number | string }> =
    raw.status?.history ?? raw.app?.status?.history ?? [];
  return history.reduce((max, h) => Math.max(max, Number(h.id)), 0);
}

describe('durability: PostgreSQL restarted during a burst of syncs', () => {
  let pg: PrivatePostgres | undefined;
  let env: ReliabilityBackend | undefined;
  /** Set when the fallback puts the test's database on the shared server. */
  let sharedPrefix: string | undefined;
  let outage =
    'a private PostgreSQL server stopped and started (pg_ctl -m fast)';
  const summary: string[] = [];
  const log = console.log;

  beforeAll(async () => {
    // knex reports each refused connection on the console; the test counts them instead
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      if (/^(Acquire connection error|Connection Error)/.test(String(args[0])))
        return;
      log(...args);
    });
    let privateProblem =
      'PostgreSQL server binaries (initdb, pg_ctl) are not installed';
    pg = await startPrivatePostgres().catch(error => {
      privateProblem = String(error);
      return undefined;
    });
    if (!pg) {
      // never restart the shared server: cut connections in front of it instead
      await requireServices();
      pg = await startPostgresCutProxy(POSTGRES_URL);
      sharedPrefix = `gitops_rel_dur_${Date.now().toString(36)}_`;
      outage = `no private server (${privateProblem}); a TCP proxy in front of the shared PostgreSQL cut and refused all connections`;
    }
    const scenario = fleetScenario({ syncDurationMs: 0 });
    // manual sync everywhere: the agents apply only what the backend asks
    scenario.services = scenario.services.map(s => ({
      ...s,
      syncPolicy: 'manual',
    }));
    env = await startReliabilityBackend({
      scenario,
      database: {
        client: 'pg',
        connection: pg.url,
        ...(sharedPrefix && { prefix: sharedPrefix }),
      },
    });
  });

  afterAll(async () => {
    await env?.stop();
    await pg?.stop();
    if (sharedPrefix) await dropDatabases(POSTGRES_URL, sharedPrefix);
    jest.restoreAllMocks();
    // eslint-disable-next-line no-console
    if (env) console.log(`durability: ${outage}; ${summary.join('; ')}`);
  });

  it('loses no audit row, applies nothing twice and recovers without a restart', async () => {
    if (!env) throw new Error('the durability backend did not start');
    const backend = env;
    const auth = backend.userHeader();
    const before = await Promise.all(
      fleetApplications.map(a => appliedOperations(backend, a.agent, a.name)),
    );
    const mark = backend.tap.seen.length;
    const answers: Array<{
      status: number;
      auditId?: string;
      started: number;
      retryAfter?: string;
    }> = [];
    const planned = fleetApplications.length * ROUNDS;
    const burstDeadline = Date.now() + 60_000;
    let restartDone: Promise<void> | undefined;
    let downAt = 0;
    let upAt = Infinity;
    const restartOnce = () => {
      if (restartDone || answers.length < planned / 4) return;
      downAt = Date.now();
      restartDone = pg!.restart(DOWN_MS).then(() => {
        upAt = Date.now();
      });
    };

    // a reader beside the syncs: the audit log, which needs the database
    const reads: Array<{ status: number; retryAfter?: string }> = [];
    let bursting = true;
    const reader = (async () => {
      while (bursting) {
        const res = await backend
          .api()
          .get('/api/gitops/audit')
          .query({ limit: 1 })
          .set('Authorization', auth);
        reads.push({
          status: res.status,
          retryAfter: res.headers['retry-after'],
        });
        await new Promise(r => setTimeout(r, 200));
      }
    })();

    // one lane per application: its syncs in sequence, all lanes at once
    await Promise.all(
      fleetApplications.map(async app => {
        for (let round = 0; ; round++) {
          // at least ROUNDS each, and on until a second after the database is back
          if (round >= ROUNDS && Date.now() > upAt + 1000) break;
          if (Date.now() > burstDeadline) break;
          const started = Date.now();
          const res = await backend
            .api()
            .post(
              `/api/gitops/entity/default/component/${app.entity}/applications/${app.agent}/${app.name}/sync`,
            )
            .set('Authorization', auth)
            .send({});
          answers.push({
            status: res.status,
            auditId: res.body?.auditId,
            started,
            retryAfter: res.headers['retry-after'],
          });
          restartOnce();
          await new Promise(r => setTimeout(r, PACE_MS));
        }
      }),
    );
    await restartDone;
    bursting = false;
    await reader;
    const requests = answers.length;

    // the same backend answers again once the database is back
    const recoverStarted = Date.now();
    let recovered: { status: number; auditId?: string } | undefined;
    while (Date.now() - recoverStarted < 30_000) {
      const res = await backend
        .api()
        .post(
          '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev/sync',
        )
        .set('Authorization', auth)
        .send({});
      if (res.status === 200) {
        recovered = { status: res.status, auditId: res.body.auditId };
        break;
      }
      await new Promise(r => setTimeout(r, 250));
    }
    expect(recovered).toBeDefined();
    const recoveryMs = Date.now() - recoverStarted;

    const audit = await backend
      .api()
      .get('/api/gitops/audit')
      .query({ limit: 500 })
      .set('Authorization', auth);
    expect(audit.status).toBe(200);
    // the portal's own sync rows (the recorder also audits deployments it
    // finds in the agents' history that the portal did not make)
    const rows = (
      audit.body.items as Array<{
        id: string;
        action: string;
        outcome: string;
        origin?: string;
      }>
    ).filter(r => r.action === 'sync' && r.origin !== 'agent');
    const byId = new Map(rows.map(r => [r.id, r]));

    const after = await Promise.all(
      fleetApplications.map(a => appliedOperations(backend, a.agent, a.name)),
    );
    const applied = after.reduce((n, v, i) => n + v - before[i], 0);
    const agentCalls = backend.agentRequests
      .slice(mark)
      .filter(r => r.method === 'POST' && /\/sync(\?|$)/.test(r.url)).length;
    const ok = answers.filter(a => a.status === 200);
    const lost = ok.filter(
      a => !a.auditId || byId.get(a.auditId)?.outcome !== 'succeeded',
    );
    const succeededRows = rows.filter(r => r.outcome === 'succeeded').length;
    const outcomes: Record<string, number> = {};
    for (const r of rows) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    const okBefore = ok.filter(a => a.started < downAt).length;
    const okAfter = ok.filter(a => a.started > upAt).length;
    const otherRows = rows.length - succeededRows;
    const statuses = [...new Set(answers.map(a => a.status))].sort();

    summary.push(
      `${requests} syncs + 1 after recovery, database down ${DOWN_MS} ms mid-burst; answers ${JSON.stringify(
        statuses,
      )} (${
        ok.length
      } ok: ${okBefore} before the outage, ${okAfter} after it); ${
        rows.length
      } audit rows ${JSON.stringify(
        outcomes,
      )}, ${agentCalls} agent sync calls, ${applied} operations applied by the agents; ${
        lost.length
      } answered syncs without their audit row; audit reads answered ${JSON.stringify(
        [...new Set(reads.map(r => r.status))].sort(),
      )} (${reads.length}), ${Math.max(
        0,
        applied - agentCalls,
      )} applied twice; recovered in ${recoveryMs} ms without a restart`,
    );

    // every answered sync has its succeeded row
    expect(lost).toEqual([]);
    expect(byId.get(recovered!.auditId!)?.outcome).toBe('succeeded');
    // refused while the database was away: 503 (try again), never a bare 500
    expect(statuses.filter(status => status !== 200 && status !== 503)).toEqual(
      [],
    );
    // reads too: 200, or 503 while the database is away, never a bare 500;
    // every 503, read or sync, says when to try again
    expect(
      [...new Set(reads.map(r => r.status))].filter(
        status => status !== 200 && status !== 503,
      ),
    ).toEqual([]);
    expect(
      [...answers, ...reads].filter(a => a.status === 503 && !a.retryAfter),
    ).toEqual([]);
    // the agents refuse no sync here: a failed row would misrecord an applied one
    expect(outcomes.failed ?? 0).toBe(0);
    // every agent call has its row (rows are written before the agent is called)
    expect(rows.length).toBeGreaterThanOrEqual(agentCalls);
    // no duplicate rows: at most one per request sent
    expect(rows.length).toBeLessThanOrEqual(requests + 1);
    // nothing applied twice: each agent call applied at most once, and every
    // operation the agents applied came from a call the audit log accounts for
    expect(applied).toBeLessThanOrEqual(agentCalls);
    expect(applied).toBeGreaterThanOrEqual(succeededRows);
    expect(applied - succeededRows).toBeLessThanOrEqual(otherRows);
    // the burst really straddled the outage, and the backend served syncs
    // again after it within the same burst
    expect(okBefore).toBeGreaterThan(0);
    expect(okAfter).toBeGreaterThan(0);
  });
});
