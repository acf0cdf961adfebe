import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { fleetApplications } from './support/fleetScenario';
import { sandboxControl } from './support/sandboxControl';

/*
 * Faults per agent: one agent misbehaves (down, slow, 401, 403, 429, 500,
 * malformed JSON, truncated body, connection reset), the other agents are
 * healthy. Every route must still answer in bounded time, with data from
 * the healthy ones and never an unhandled 500. Routes that call the agent
 * answer a gateway error naming it; routes answered from the fleet state
 * name the faulty agent in their errors unless its feed is still fresh.
 */

const AGENT_TIMEOUT_MS = 3000;
/** Slack over the agent timeout for the backend's own work. */
const MARGIN_MS = 1500;

const FAULTS: Array<{ name: string; faults?: Record<string, unknown> }> = [
  { name: 'down' },
  { name: 'slow past timeout', faults: { latencyMs: AGENT_TIMEOUT_MS + 2500 } },
  { name: '401', faults: { errorRate: 1, errorStatuses: [401] } },
  { name: '403', faults: { errorRate: 1, errorStatuses: [403] } },
  {
    name: '429 with Retry-After',
    faults: { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 7 },
  },
  { name: '500', faults: { errorRate: 1, errorStatuses: [500] } },
  { name: 'malformed JSON', faults: { malformedRate: 1 } },
  { name: 'truncated body', faults: { truncatedRate: 1 } },
  { name: 'connection reset', faults: { resetRate: 1 } },
];

/**
 * Whether an answer says the agent's feed is up: the fleet state serves
 * what its watch stream (or last poll) delivered, and a fault the feed has
 * not met (a 500 on lists while the stream stays open) changes nothing the
 * portal shows. What must never happen is data served as fresh from a
 * feed that is down: that answer carries an error entry instead.
 */
function freshFeed(body: any, agentId: string): boolean {
  const entry = (body?.freshness ?? []).find(
    (f: { agentId: string }) => f.agentId === agentId,
  );
  return Boolean(entry && !entry.stale && entry.syncedAt);
}

/** Gateway statuses a route may answer when its only agent fails. */
const GATEWAY = [502, 503, 504];

type Check = {
  route: string;
  method?: 'get' | 'post';
  body?: object;
  /**
   * 'aggregate': 200 with errors[] naming the agent; 'single': a gateway
   * error naming it; 'status': 200 with the agent not connected, the others connected.
   */
  expect: 'aggregate' | 'single' | 'status';
  /** For aggregates: an agent whose data must still be there. */
  healthyAgent?: string;
};

function checksFor(faulty: string, healthy: string): Check[] {
  const app = fleetApplications.find(a => a.agent === faulty)!;
  const appBase = `/api/gitops/entity/default/component/${app.entity}/applications/${faulty}/${app.name}`;
  const proxyPath =
    faulty === 'hx'
      ? '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/applications'
      : `/api/gitops/proxy/${faulty}/api/v1/applications`;
  const healthyEntity = fleetApplications.find(
    a => a.agent === healthy,
  )!.entity;
  return [
    {
      route: '/api/gitops/fleet/applications',
      expect: 'aggregate',
      healthyAgent: healthy,
    },
    { route: '/api/gitops/fleet/summary', expect: 'aggregate' },
    { route: '/api/gitops/agents', expect: 'status' },
    {
      route: '/api/gitops/repositories',
      expect: 'aggregate',
      healthyAgent: healthy,
    },
    {
      route: '/api/gitops/clusters',
      expect: 'aggregate',
      healthyAgent: healthy,
    },
    {
      route: `/api/gitops/entity/default/component/${app.entity}/applications`,
      expect: 'aggregate',
    },
    {
      route: `/api/gitops/entity/default/component/${healthyEntity}/applications`,
      expect: 'aggregate',
      healthyAgent: healthy,
    },
    { route: appBase, expect: 'single' },
    { route: `${appBase}/resource-tree`, expect: 'single' },
    { route: `${appBase}/diff`, expect: 'single' },
    { route: `${appBase}/sync`, method: 'post', body: {}, expect: 'single' },
    { route: proxyPath, expect: 'single' },
  ];
}

describe('faults per agent', () => {
  let env: ReliabilityBackend;
  const violations: string[] = [];
  let calls = 0;
  let slowest = 0;
  let faultCases = 0;

  beforeAll(async () => {
    env = await startReliabilityBackend({
      agentTimeoutMs: AGENT_TIMEOUT_MS,
      // polled agents are read every second, lost ones retried within 1 s
      gitops: { fleet: { pollIntervalSeconds: 1, reconnectMaxSeconds: 1 } },
    });
    // every agent loaded before the first fault
    const ready = await recovered();
    if (ready.body.errors?.length) {
      throw new Error(
        `the fleet did not load: ${JSON.stringify(ready.body.errors)}`,
      );
    }
  });

  afterAll(async () => {
    await env?.stop();
    // eslint-disable-next-line no-console
    console.log(
      `faults per agent: ${faultCases} fault cases (${FAULTS.length} faults x 2 agents), ${calls} route calls: ${violations.length} violations; slowest answer ${slowest} ms (agent timeout ${AGENT_TIMEOUT_MS} ms + margin ${MARGIN_MS} ms)`,
    );
  });

  async function applyFault(agentId: string, fault: (typeof FAULTS)[number]) {
    if (fault.faults) {
      await sandboxControl(env.sandbox, agentId, 'faults', fault.faults);
    } else {
      await sandboxControl(env.sandbox, agentId, 'stop', { mode: 'reset' });
    }
  }

  /** Clears the fault and waits (boundedly) until the agent is served again. */
  async function clearFault(agentId: string) {
    await sandboxControl(env.sandbox, agentId, 'faults', {});
    await sandboxControl(env.sandbox, agentId, 'start', {});
    await recovered();
  }

  const fleet = () =>
    env
      .api()
      .get('/api/gitops/fleet/applications')
      .set('Authorization', env.userHeader());

  async function recovered() {
    for (let i = 0; i < 100; i++) {
      const res = await fleet();
      if (res.status === 200 && res.body.errors?.length === 0) return res;
      await new Promise(resolve => setTimeout(resolve, 200));
    }
    return fleet();
  }

  describe.each([
    ['nonprod', 'prod'],
    ['hx', 'nonprod'],
  ])('faulty agent %s (healthy %s)', (faulty, healthy) => {
    it.each(FAULTS.map(f => [f.name, f] as const))(
      '%s: every route answers in bounded time, with per-agent errors',
      async (_name, fault) => {
        faultCases += 1;
        await applyFault(faulty, fault);
        const found: string[] = [];
        try {
          // all routes at once: each is timed on its own
          await Promise.all(
            checksFor(faulty, healthy).map(async check => {
              const started = Date.now();
              const req =
                check.method === 'post'
                  ? env.api().post(check.route).send(check.body)
                  : env.api().get(check.route);
              const res = await req.set('Authorization', env.userHeader());
              const elapsed = Date.now() - started;
              calls += 1;
              slowest = Math.max(slowest, elapsed);
              const where = `${fault.name} on ${faulty}: ${
                check.method ?? 'get'
              } ${check.route}`;
              if (elapsed > AGENT_TIMEOUT_MS + MARGIN_MS) {
                found.push(`${where} took ${elapsed} ms`);
              }
              if (check.expect === 'status') {
                const states = Object.fromEntries(
                  (res.body.items ?? []).map(
                    (a: { id: string; status: { state: string } }) => [
                      a.id,
                      a.status?.state,
                    ],
                  ),
                );
                if (
                  res.status !== 200 ||
                  (states[faulty] === 'connected' &&
                    !freshFeed(res.body, faulty))
                ) {
                  found.push(
                    `${where} answered ${res.status} with ${faulty} ${states[faulty]}`,
                  );
                } else if (states[healthy] !== 'connected') {
                  found.push(
                    `${where} reports healthy ${healthy} as ${states[healthy]}`,
                  );
                }
              } else if (check.expect === 'aggregate') {
                if (res.status !== 200) {
                  found.push(
                    `${where} answered ${res.status}: ${res.text.slice(
                      0,
                      200,
                    )}`,
                  );
                  return;
                }
                const errors = (res.body.errors ?? []) as Array<{
                  agentId: string;
                  message: string;
                }>;
                if (
                  !errors.some(e => e.agentId === faulty) &&
                  !freshFeed(res.body, faulty)
                ) {
                  found.push(
                    `${where} has no error entry for ${faulty}, nor says its feed is fresh`,
                  );
                }
                if (errors.some(e => e.agentId !== faulty)) {
                  found.push(
                    `${where} blames a healthy agent: ${JSON.stringify(
                      errors,
                    )}`,
                  );
                }
                if (check.healthyAgent) {
                  const text = JSON.stringify(
                    res.body.items ?? res.body.environments,
                  );
                  if (!text.includes(`"agentId":"${check.healthyAgent}"`)) {
                    found.push(
                      `${where} lost the data of healthy agent ${check.healthyAgent}`,
                    );
                  }
                }
              } else {
                if (!GATEWAY.includes(res.status)) {
                  found.push(
                    `${where} answered ${
                      res.status
                    }, not a gateway error: ${res.text.slice(0, 200)}`,
                  );
                  return;
                }
                if (res.body?.error?.agentId !== faulty) {
                  found.push(
                    `${where} error does not name agent ${faulty}: ${res.text.slice(
                      0,
                      200,
                    )}`,
                  );
                }
                if (
                  fault.name.startsWith('429') &&
                  res.headers['retry-after'] !== '7'
                ) {
                  found.push(
                    `${where} dropped Retry-After (got ${res.headers['retry-after']})`,
                  );
                }
              }
            }),
          );
        } finally {
          await clearFault(faulty);
        }
        violations.push(...found);
        expect(found).toEqual([]);
      },
    );
  });

  it('serves every agent again once the faults are cleared', async () => {
    // the feeds reconnect with backoff: wait for them, boundedly
    const res = await recovered();
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.total).toBe(fleetApplications.length);
  });
});
