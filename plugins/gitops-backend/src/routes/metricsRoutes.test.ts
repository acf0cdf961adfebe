import { mockCredentials } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import {
  DeliveryMetrics,
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  gitopsApplicationReadPermission,
  gitopsFleetReadPermission,
  PromotionInsight,
} from '@gitops-suite/plugin-gitops-common';
import { shopNonprodAgent, shopProdAgent, waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';

jest.setTimeout(60_000);

/*
 * Delivery metrics and promotion insight end to end: the real plugin in a
 * test backend over real HTTP to sandbox agents whose history is fixed
 * relative to the sandbox's clock (an hour boundary), so every duration is
 * the same on every run.
 */

const HOUR = 3600_000;
const sandboxNow = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);

const scenario = shopFleet('gitops-backend-metrics-test', {
  now: sandboxNow.toISOString(),
  services: {
    payments: {
      image: 'ghcr.io/acme/payments',
      version: '3.1',
      overrides: {
        qa: { health: 'Degraded', operation: 'Failed' },
        prod: { revisionsBehind: 2, rolledBack: true },
      },
    },
    checkout: {},
  },
  agents: [shopNonprodAgent(), shopProdAgent()],
});

const entities: Entity[] = [
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'payments',
      namespace: 'default',
      annotations: {
        'gitops/service': 'payments',
        'backstage.io/source-location':
          'url:https://github.com/acme/payments/tree/main/',
      },
    },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  },
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name: 'plain', namespace: 'default', annotations: {} },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  },
];

/*
 * What the scenario above gives (checked by hand against the raw Argo CD
 * history and revision metadata the sandbox serves):
 * - dev: 6 history entries, each a new revision; nothing failed.
 * - qa: 2 deployments, its last sync Failed (a failed change: 1 of 3) and it
 *   is Degraded now (an incident still open).
 * - prod: 4 deployments, the third a rollback to the first's revision 25m05s
 *   after the second shipped: that second deployment is a failed change
 *   (1 of 4) and the one restore took 1505 s. Lead times 343, 263 and 278 s
 *   (the rollback has none): median 278 s.
 */
const EXPECTED_ENTITY = [
  {
    environment: 'dev',
    deployments: 6,
    leadTime: { medianSeconds: 1450, samples: 6 },
    changes: 6,
    failedChanges: 0,
    changeFailureRate: 0,
    timeToRestore: { samples: 0, ongoing: 0 },
  },
  {
    environment: 'qa',
    deployments: 2,
    leadTime: { medianSeconds: 1072, samples: 2 },
    changes: 3,
    failedChanges: 1,
    changeFailureRate: 0.3333,
    timeToRestore: { samples: 0, ongoing: 1 },
  },
  {
    environment: 'prod',
    deployments: 4,
    leadTime: { medianSeconds: 278, samples: 3 },
    changes: 4,
    failedChanges: 1,
    changeFailureRate: 0.25,
    timeToRestore: { medianSeconds: 1505, samples: 1, ongoing: 0 },
  },
];

/** checkout's history in the same scenario: its deployments per environment. */
const CHECKOUT_DEPLOYMENTS: Array<[string, number]> = [
  ['dev', 6],
  ['qa', 3],
  ['prod', 6],
];

/** The image tags running in each environment (qa's last sync failed). */
const EXPECTED_TAGS = [
  ['dev', '3.1.7'],
  ['qa', '3.1.6'],
  ['prod', '3.1.5'],
];

const EXPECTED_STEPS = [
  // dev shipped 3.1.7 after qa's 3.1.6 (qa's sync of it failed)
  {
    from: 'dev',
    to: 'qa',
    status: 'behind',
    revisionsBehind: 1,
    behindForSeconds: 'set',
    promotion: {
      environment: 'qa',
      tag: '3.1.7',
      image: 'ghcr.io/acme/payments',
      repoUrl: 'github.com?owner=acme&repo=payments',
    },
  },
  // qa ran prod's revision, then one more
  {
    from: 'qa',
    to: 'prod',
    status: 'behind',
    revisionsBehind: 1,
    behindForSeconds: 'set',
    promotion: {
      environment: 'prod',
      tag: '3.1.6',
      image: 'ghcr.io/acme/payments',
      repoUrl: 'github.com?owner=acme&repo=payments',
    },
  },
];

describe('delivery metrics and promotion routes (real sandbox agents)', () => {
  const env = useShopFleet(scenario, { entities });
  const auth = mockCredentials.user.header();
  const api = () => env.api();

  const metricsPath = '/api/gitops/entity/default/component/payments/metrics';
  const promotionPath =
    '/api/gitops/entity/default/component/payments/promotion';

  /**
   * A read's answer once it says everything of its applications is
   * recorded (reads never wait for the recorder: the test waits for the
   * state it needs, by what the answer says of itself).
   */
  const recorded = (path: string) =>
    waitFor(
      `${path} to answer from a complete recording`,
      async () => {
        const res = await api().get(path).set('Authorization', auth);
        expect(res.status).toBe(200);
        return res.body.recordedThrough && res.body.pending === 0
          ? res
          : undefined;
      },
      30_000,
    );

  it.each([metricsPath, promotionPath, '/api/gitops/fleet/metrics'])(
    'answers anonymous calls to %s with 401',
    async path => {
      expect((await api().get(path)).status).toBe(401);
    },
  );

  it.each([
    [metricsPath, gitopsApplicationReadPermission.name],
    [promotionPath, gitopsApplicationReadPermission.name],
    ['/api/gitops/fleet/metrics', gitopsFleetReadPermission.name],
  ])('answers %s with 403 without %s', async (path, permission) => {
    env.denied.add(permission);
    const res = await api().get(path).set('Authorization', auth);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain(permission);
  });

  it('rejects a bad window and an entity without GitOps annotations', async () => {
    const bad = await api()
      .get(`${metricsPath}?window=30x`)
      .set('Authorization', auth);
    expect(bad.status).toBe(400);
    // the spec's validator names the parameter and what it must be
    expect(bad.body.error.message).toBe(
      'request/query/window must match pattern "^[0-9]{1,3}d$"',
    );
    const long = await api()
      .get(`${metricsPath}?window=900d`)
      .set('Authorization', auth);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('must be from 1d to 365d');
    const plain = await api()
      .get('/api/gitops/entity/default/component/plain/metrics')
      .set('Authorization', auth);
    expect(plain.status).toBe(404);
  });

  it("computes an entity's metrics per environment from the agents' history", async () => {
    const res = await recorded(`${metricsPath}?window=30d`);
    const body = res.body as EntityDeliveryMetricsResponse;
    expect(body.entityRef).toBe('component:default/payments');
    expect(body.window.days).toBe(30);
    expect(body.errors).toEqual([]);
    const summarize = (items: EntityDeliveryMetricsResponse['environments']) =>
      items.map(m => ({
        environment: m.environment,
        deployments: m.deployments,
        leadTime: m.leadTime,
        changes: m.changes,
        failedChanges: m.failedChanges,
        changeFailureRate: m.changeFailureRate,
        timeToRestore: m.timeToRestore,
      }));
    expect(summarize(body.environments)).toEqual(EXPECTED_ENTITY);
    // the weekly trend holds every deployment of the window
    expect(
      body.environments.map(m =>
        m.trend.reduce((n, p) => n + p.deployments, 0),
      ),
    ).toEqual([6, 2, 4]);

    // asking again records nothing twice
    const again = await api()
      .get(`${metricsPath}?window=30d`)
      .set('Authorization', auth);
    expect(summarize(again.body.environments)).toEqual(EXPECTED_ENTITY);
  });

  it('serves fleet metrics per service and environment from what was recorded', async () => {
    const res = await recorded('/api/gitops/fleet/metrics?window=30d');
    const body = res.body as FleetDeliveryMetricsResponse;
    const payments = body.items.filter(i => i.service === 'payments');
    expect(
      payments.map(m => [m.environment, m.deployments, m.failedChanges]),
    ).toEqual(
      EXPECTED_ENTITY.map(e => [e.environment, e.deployments, e.failedChanges]),
    );
    expect(payments.map(m => [m.environment, m.leadTime.samples])).toEqual(
      EXPECTED_ENTITY.map(e => [e.environment, e.leadTime.samples]),
    );
    // no page looked at checkout: the recorder recorded it all the same
    // (every deployment of its history, as the fleet state loaded)
    expect(
      body.items
        .filter(i => i.service === 'checkout')
        .map(m => [m.environment, m.deployments]),
    ).toEqual(CHECKOUT_DEPLOYMENTS);
    expect(body.environments.map(e => [e.environment, e.deployments])).toEqual(
      EXPECTED_ENTITY.map((e, i) => [
        e.environment,
        e.deployments + CHECKOUT_DEPLOYMENTS[i][1],
      ]),
    );
  });

  it('narrows fleet metrics by the fleet filters, and says how much history they cover', async () => {
    const fleet = (query: string) =>
      api()
        .get(`/api/gitops/fleet/metrics?window=30d&${query}`)
        .set('Authorization', auth);
    const rows = (body: FleetDeliveryMetricsResponse) =>
      body.items.map(m => `${m.service}/${m.environment}`);

    await recorded('/api/gitops/fleet/metrics?window=30d');
    const prodOnly = await fleet('environment=prod');
    expect(prodOnly.status).toBe(200);
    expect(rows(prodOnly.body)).toEqual(['checkout/prod', 'payments/prod']);
    expect(
      prodOnly.body.environments.map((e: DeliveryMetrics) => [
        e.environment,
        e.deployments,
      ]),
    ).toEqual([['prod', 4 + CHECKOUT_DEPLOYMENTS[2][1]]]);

    const nonprod = await fleet('agent=nonprod');
    expect(rows(nonprod.body)).toEqual([
      'checkout/dev',
      'checkout/qa',
      'payments/dev',
      'payments/qa',
    ]);

    const degraded = await fleet('health=Degraded');
    expect(rows(degraded.body)).toEqual(['payments/qa']);
    expect(degraded.body.environments[0]).toMatchObject({
      environment: 'qa',
      deployments: 2,
      failedChanges: 1,
    });

    // payments' prod history began inside the window: its rate is per day
    // of history, and says since when
    const prod = prodOnly.body.items.find(
      (m: DeliveryMetrics) => m.service === 'payments',
    ) as DeliveryMetrics;
    expect(prod.history.days).toBeGreaterThan(0);
    expect(prod.history.days).toBeLessThan(30);
    expect(Date.parse(prod.history.from!)).toBeGreaterThan(
      Date.parse(prodOnly.body.window.from),
    );
    expect(prod.deploymentsPerDay).toBeCloseTo(
      4 / Math.max(1, prod.history.days),
      1,
    );

    const bad = await fleet('health=Broken');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('health');
  });

  it('says prod is behind qa, by how much, and offers the promotion', async () => {
    const res = await recorded(promotionPath);
    const body = res.body as PromotionInsight;
    expect(body.environments.map(e => [e.environment, e.tag])).toEqual(
      EXPECTED_TAGS,
    );
    expect(
      body.steps.map(s => ({
        from: s.from,
        to: s.to,
        status: s.status,
        revisionsBehind: s.revisionsBehind,
        behindForSeconds: s.behindForSeconds === undefined ? undefined : 'set',
        promotion: s.promotion,
      })),
    ).toEqual(EXPECTED_STEPS);
    const prodStep = body.steps[1];
    expect(prodStep.toRevision).toBe(
      body.environments.find(e => e.environment === 'prod')!.revision,
    );
    expect(Date.parse(prodStep.behindSince!)).toBeLessThan(
      sandboxNow.getTime(),
    );
  });
});
