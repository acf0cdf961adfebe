import {
  EnvironmentDefinition,
  OTHER_ENVIRONMENTS,
} from '@gitops-suite/plugin-gitops-common';
import {
  deployment,
  paymentsInstance,
  promotionEnvironments as environments,
} from '../testUtils/deliveryFixtures';
import {
  computeDeliveryMetrics,
  metricsWindow,
} from './computeDeliveryMetrics';
import { AppIdentity, DeliveryEvents } from './types';

const prod = paymentsInstance('prod', 'prod');
const qa = paymentsInstance('nonprod', 'qa');
const dev = paymentsInstance('nonprod', 'dev');

const events: DeliveryEvents = {
  deployments: [
    deployment(prod, 1, 'r1', '2026-11-10T00:00:00.000Z', {
      commitDate: '2026-11-09T22:00:00.000Z',
    }),
    deployment(prod, 2, 'r2', '2026-11-15T12:00:00.000Z', {
      commitDate: '2026-11-15T10:00:00.000Z',
    }),
    // a re-sync of the same revision is no deployment
    deployment(prod, 3, 'r2', '2026-11-16T12:00:00.000Z', {
      revisionChanged: false,
      commitDate: '2026-11-15T10:00:00.000Z',
    }),
    deployment(prod, 4, 'r3', '2026-11-17T12:00:00.000Z', {
      commitDate: '2026-11-17T11:00:00.000Z',
    }),
    // rolled back to r2 half an hour later
    deployment(prod, 5, 'r2', '2026-11-17T12:30:00.000Z', {
      rollback: true,
      commitDate: '2026-11-15T10:00:00.000Z',
    }),
    deployment(prod, 6, 'r4', '2026-11-19T08:00:00.000Z', {
      commitDate: '2026-11-18T08:00:00.000Z',
    }),
    deployment(qa, 10, 'r3', '2026-11-16T09:00:00.000Z', {
      commitDate: '2026-11-16T08:00:00.000Z',
    }),
  ],
  failures: [
    {
      ...qa,
      startedAt: '2026-11-18T09:59:00.000Z',
      finishedAt: '2026-11-18T10:00:00.000Z',
      revision: 'r4',
      phase: 'Failed',
    },
    // before the window: ignored
    {
      ...qa,
      startedAt: '2026-11-01T09:59:00.000Z',
      finishedAt: '2026-11-01T10:00:00.000Z',
      phase: 'Error',
    },
  ],
  unhealthy: [
    // 20 minutes after r4 shipped, for an hour
    {
      ...prod,
      health: 'Degraded',
      startedAt: '2026-11-19T08:20:00.000Z',
      endedAt: '2026-11-19T09:20:00.000Z',
    },
    { ...qa, health: 'Missing', startedAt: '2026-11-20T00:00:00.000Z' },
  ],
  // the portal rolled qa back an hour after r3 shipped
  rollbacks: [{ appKey: qa.appKey, at: '2026-11-16T10:00:00.000Z' }],
};

const window = metricsWindow(7, new Date('2026-11-22T00:00:00.000Z'));

describe('metricsWindow', () => {
  it('ends at the given time and spans the days', () => {
    expect(window).toEqual({
      from: '2026-11-15T00:00:00.000Z',
      to: '2026-11-22T00:00:00.000Z',
      days: 7,
    });
  });
});

describe('computeDeliveryMetrics', () => {
  /** The trend entry of November `d`th: its deployments, failed changes and median lead time. */
  const trendDay = (
    d: number,
    deployments = 0,
    failedChanges = 0,
    leadTimeMedianSeconds?: number,
  ) => ({
    start: `2026-11-${d}T00:00:00.000Z`,
    end: `2026-11-${d + 1}T00:00:00.000Z`,
    deployments,
    failedChanges,
    ...(leadTimeMedianSeconds === undefined ? {} : { leadTimeMedianSeconds }),
  });

  it('computes the four metrics per environment, in promotion order', () => {
    const result = computeDeliveryMetrics(events, {
      window,
      groupBy: 'environment',
      environments,
      instances: [prod, qa, dev],
    });
    expect(result.map(r => r.environment)).toEqual(['dev', 'qa', 'prod']);

    expect(result[2]).toEqual({
      environment: 'prod',
      deployments: 4,
      deploymentsPerDay: 0.57,
      // recorded since before the window: it covers the whole week
      history: { from: '2026-11-15T00:00:00.000Z', days: 7 },
      // 2h (r2), 1h (r3), 24h (r4); the rollback has no lead time
      leadTime: { medianSeconds: 7200, samples: 3 },
      changes: 4,
      // r3 (rolled back) and r4 (Degraded within the hour)
      failedChanges: 2,
      changeFailureRate: 0.5,
      // 30 min (rollback) and 1 h (Degraded)
      timeToRestore: { medianSeconds: 2700, samples: 2, ongoing: 0 },
      lastDeployedAt: '2026-11-19T08:00:00.000Z',
      trend: [
        trendDay(15, 1, 0, 7200),
        trendDay(16),
        trendDay(17, 2, 1, 3600),
        trendDay(18),
        trendDay(19, 1, 1, 86400),
        trendDay(20),
        trendDay(21),
      ],
    });

    expect(result[1]).toEqual({
      environment: 'qa',
      deployments: 1,
      deploymentsPerDay: 0.14,
      history: { from: '2026-11-15T00:00:00.000Z', days: 7 },
      leadTime: { medianSeconds: 3600, samples: 1 },
      // one deployment plus one failed sync, both failed changes
      changes: 2,
      failedChanges: 2,
      changeFailureRate: 1,
      timeToRestore: { samples: 0, ongoing: 1 },
      lastDeployedAt: '2026-11-16T09:00:00.000Z',
      trend: [
        trendDay(15),
        trendDay(16, 1, 1, 3600),
        trendDay(17),
        trendDay(18, 0, 1),
        trendDay(19),
        trendDay(20),
        trendDay(21),
      ],
    });

    // an instance without events is reported, with nothing to report
    expect(result[0]).toMatchObject({
      environment: 'dev',
      deployments: 0,
      deploymentsPerDay: 0,
      history: { days: 0 },
      leadTime: { samples: 0 },
      changes: 0,
      failedChanges: 0,
      timeToRestore: { samples: 0, ongoing: 0 },
    });
    expect(result[0].changeFailureRate).toBeUndefined();
    expect(result[0].lastDeployedAt).toBeUndefined();
  });

  it('groups per service and environment, and merges overlapping incidents', () => {
    const other: AppIdentity = {
      ...prod,
      appKey: 'prod:/checkout-prod',
      application: 'checkout-prod',
      service: 'checkout',
    };
    const result = computeDeliveryMetrics(
      {
        deployments: [deployment(other, 1, 'c1', '2026-11-20T10:00:00.000Z')],
        failures: [],
        unhealthy: [
          // Degraded 2 hours after the deployment: not a failed change
          {
            ...other,
            health: 'Degraded',
            startedAt: '2026-11-20T12:00:00.000Z',
            endedAt: '2026-11-20T13:00:00.000Z',
          },
          // overlaps the first: one incident of 90 minutes
          {
            ...other,
            health: 'Missing',
            startedAt: '2026-11-20T12:30:00.000Z',
            endedAt: '2026-11-20T13:30:00.000Z',
          },
        ],
        rollbacks: [],
      },
      { window, groupBy: 'service', environments, instances: [other, prod] },
    );
    expect(result.map(r => [r.service, r.environment])).toEqual([
      ['checkout', 'prod'],
      ['payments', 'prod'],
    ]);
    expect(result[0]).toMatchObject({
      deployments: 1,
      changes: 1,
      failedChanges: 0,
      changeFailureRate: 0,
      leadTime: { samples: 0 },
      timeToRestore: { medianSeconds: 5400, samples: 1, ongoing: 0 },
    });
    expect(result[1]).toMatchObject({ deployments: 0, changes: 0 });
  });

  it('uses weekly buckets for windows longer than two weeks', () => {
    const month = metricsWindow(30, new Date('2026-11-22T00:00:00.000Z'));
    const [result] = computeDeliveryMetrics(events, {
      window: month,
      groupBy: 'environment',
      environments,
      instances: [prod],
    }).filter(r => r.environment === 'prod');
    expect(result.deployments).toBe(5);
    // history begins on the 10th: 5 deployments over 12 days, not 30
    expect(result.history).toEqual({
      from: '2026-11-10T00:00:00.000Z',
      days: 12,
    });
    expect(result.deploymentsPerDay).toBe(0.42);
    expect(result.trend.map(p => [p.start, p.deployments])).toEqual([
      ['2026-10-23T00:00:00.000Z', 0],
      ['2026-10-30T00:00:00.000Z', 0],
      ['2026-11-06T00:00:00.000Z', 1],
      ['2026-11-13T00:00:00.000Z', 4],
      ['2026-11-20T00:00:00.000Z', 0],
    ]);
    expect(result.trend[4].end).toBe('2026-11-22T00:00:00.000Z');
  });

  it('divides by the days history covers, whatever the window', () => {
    const to = new Date('2026-11-22T00:00:00.000Z');
    // five deployments over the last five days, nothing recorded before
    const recent: DeliveryEvents = {
      deployments: [17, 18, 19, 20, 21].map((d, i) =>
        deployment(prod, i + 1, `r${i}`, `2026-11-${d}T00:00:00.000Z`),
      ),
      failures: [],
      unhealthy: [],
      rollbacks: [],
    };
    const perWindow = [7, 30, 90].map(days => {
      const [m] = computeDeliveryMetrics(recent, {
        window: metricsWindow(days, to),
        groupBy: 'environment',
        environments,
        instances: [prod],
      });
      return [days, m.deploymentsPerDay, m.history];
    });
    const history = { from: '2026-11-17T00:00:00.000Z', days: 5 };
    expect(perWindow).toEqual([
      [7, 1, history],
      [30, 1, history],
      [90, 1, history],
    ]);

    // recording that began earlier (an event before the lookback) counts
    const [m] = computeDeliveryMetrics(recent, {
      window: metricsWindow(30, to),
      groupBy: 'environment',
      environments,
      instances: [prod],
      firstEventAt: new Map([[prod.appKey, '2026-11-02T00:00:00.000Z']]),
    });
    expect(m.history).toEqual({ from: '2026-11-02T00:00:00.000Z', days: 20 });
    expect(m.deploymentsPerDay).toBe(0.25);
  });

  it('reports configured environments only: titles and case fold into names, the rest is (other)', () => {
    const titled = [
      { name: 'dev', title: 'Development', order: 1 },
      { name: 'prod', title: 'Production', order: 3 },
    ] as EnvironmentDefinition[];
    const as = (environment: string, appKey: string): AppIdentity => ({
      ...dev,
      appKey,
      environment,
    });
    const result = computeDeliveryMetrics(
      {
        deployments: [
          deployment(as('dev', 'a:/one'), 1, 'r1', '2026-11-20T00:00:00.000Z'),
          deployment(
            as('Development', 'a:/two'),
            1,
            'r1',
            '2026-11-20T00:00:00.000Z',
          ),
          deployment(
            as('https://10.0.0.1:6443', 'a:/three'),
            1,
            'r1',
            '2026-11-20T00:00:00.000Z',
          ),
          deployment(
            as('in-cluster', 'a:/four'),
            1,
            'r1',
            '2026-11-20T00:00:00.000Z',
          ),
          deployment(
            as('PROD', 'a:/five'),
            1,
            'r1',
            '2026-11-20T00:00:00.000Z',
          ),
        ],
        failures: [],
        unhealthy: [],
        rollbacks: [],
      },
      { window, groupBy: 'environment', environments: titled },
    );
    expect(result.map(r => [r.environment, r.deployments])).toEqual([
      ['dev', 2],
      ['prod', 1],
      [OTHER_ENVIRONMENTS, 2],
    ]);
  });
});
