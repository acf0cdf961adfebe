import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';

jest.setTimeout(90_000);

/*
 * Reads of what the fleet recorder recorded, end to end over a real
 * sandbox: they answer at once, saying how far the recording is, while the
 * recorder is held busy; and an entity's events are its own applications',
 * not those of same-named applications in another namespace.
 */

/** How long the agent holds the recorder's full read of payments-dev. */
const HOLD_MS = 10_000;

const scenario = shopFleet('gitops-backend-recorded-reads-test', {
  services: {
    // synced only when the test says: each sync deploys a new commit
    payments: { syncPolicy: 'manual' },
    // web-dev and web-qa twice: in team-a (alpha's) and team-b (beta's)
    alpha: { appName: 'web-{env}', appNamespace: 'team-a' },
    beta: { appName: 'web-{env}', appNamespace: 'team-b' },
  },
  agents: ['nonprod'],
});

const entityPath = (name: string) =>
  `/api/gitops/entity/default/component/${name}`;
const metricsPath = `${entityPath('payments')}/metrics?window=30d`;
const promotionPath = `${entityPath('payments')}/promotion`;
const fleetMetricsPath = '/api/gitops/fleet/metrics?window=30d';

describe('reads of what the recorder recorded (real sandbox agent)', () => {
  const env = useShopFleet(scenario, {
    // the agent, not the backend's timeout, ends the held read
    agentTimeoutMs: HOLD_MS * 3,
  });

  const get = async (path: string) => {
    const res = await env.api().get(path).set('Authorization', env.auth);
    expect(res.status).toBe(200);
    return res.body;
  };

  const control = async (path: string, body: object) => {
    const res = await env.agentFetch('nonprod', path, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };

  /** A new commit of payments' repository, deployed to dev. */
  const deployDev = async () => {
    await control('/_sandbox/commit', {
      application: 'payments-dev',
      refresh: true,
    });
    await control('/api/v1/applications/payments-dev/sync', {});
  };

  const devDeployments = (body: {
    environments: Array<{ environment: string; deployments: number }>;
  }) => body.environments.find(e => e.environment === 'dev')?.deployments;

  it('answers delivery reads while the recorder is held, counting the history reads still pending', async () => {
    const before = await waitFor('a complete recording', async () => {
      const body = await get(metricsPath);
      return body.recordedThrough && body.pending === 0 ? body : undefined;
    });
    const recordedBefore = devDeployments(before)!;

    // the agent holds the full read of payments-dev the recorder does
    // once an operation of it ended
    await control('/_sandbox/faults', {
      hangRate: 1,
      hangMs: HOLD_MS,
      methods: ['GET'],
      paths: ['^/api/v1/applications/payments-dev$'],
    });
    await deployDev();
    const held = await waitFor('the history read of payments-dev', async () => {
      const body = await get(metricsPath);
      return body.pending > 0 ? body : undefined;
    });
    await control('/_sandbox/faults', {});

    // answered from what is recorded: the deployment is not counted yet
    expect(held.pending).toBe(1);
    expect(Date.parse(held.recordedThrough)).toBeGreaterThanOrEqual(
      Date.parse(before.recordedThrough),
    );
    expect(devDeployments(held)).toBe(recordedBefore);
    // the other reads of these applications answer the same way
    for (const path of [promotionPath, fleetMetricsPath]) {
      const body = await get(path);
      expect(body.pending).toBe(1);
      expect(body.recordedThrough).toEqual(expect.any(String));
    }

    // the agent drops the held read; the next ended operation reads the
    // history again, both deployments with it
    await waitFor(
      'the held read to end',
      async () => ((await get(metricsPath)).pending === 0 ? true : undefined),
      HOLD_MS * 2,
    );
    await deployDev();
    const after = await waitFor('both deployments recorded', async () => {
      const body = await get(metricsPath);
      return body.pending === 0 && devDeployments(body) === recordedBefore + 2
        ? body
        : undefined;
    });
    expect(after.recordedThrough).toEqual(expect.any(String));
  });

  it("keeps a same-named application's drift in another namespace out of an entity's events", async () => {
    await control('/_sandbox/drift', {
      application: 'web-dev',
      appNamespace: 'team-b',
    });
    await waitFor('the drift of team-b/web-dev recorded', async () => {
      const body = await get('/api/gitops/drift?application=web-dev');
      return body.items.length ? true : undefined;
    });

    const beta = await get(`${entityPath('beta')}/events`);
    expect(
      beta.drift.map((d: { application: string; appNamespace?: string }) => [
        d.application,
        d.appNamespace,
      ]),
    ).toEqual([['web-dev', 'team-b']]);
    // alpha's web-dev (team-a) never drifted
    const alpha = await get(`${entityPath('alpha')}/events`);
    expect(alpha.drift).toEqual([]);
  });
});
