import type {
  DeliveryMetrics,
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  PromotionInsight,
} from '@gitops-suite/plugin-gitops-common';

const window = {
  from: '2026-10-23T12:00:00.000Z',
  to: '2026-11-22T12:00:00.000Z',
  days: 30,
};

function trend(deployments: number[], failed: number[]) {
  return deployments.map((count, i) => ({
    start: new Date(Date.parse(window.from) + i * 7 * 86400_000).toISOString(),
    end: new Date(
      Math.min(
        Date.parse(window.from) + (i + 1) * 7 * 86400_000,
        Date.parse(window.to),
      ),
    ).toISOString(),
    deployments: count,
    failedChanges: failed[i],
  }));
}

export const prodMetrics: DeliveryMetrics = {
  environment: 'prod',
  deployments: 4,
  deploymentsPerDay: 0.13,
  history: { from: window.from, days: 30 },
  leadTime: { medianSeconds: 278, samples: 3 },
  changes: 4,
  failedChanges: 1,
  changeFailureRate: 0.25,
  timeToRestore: { medianSeconds: 1505, samples: 1, ongoing: 0 },
  lastDeployedAt: '2026-11-21T12:08:24.000Z',
  trend: trend([0, 0, 1, 2, 1], [0, 0, 0, 1, 0]),
};

export const devMetrics: DeliveryMetrics = {
  environment: 'dev',
  deployments: 6,
  // recorded for the last 12 days only
  deploymentsPerDay: 0.5,
  history: { from: '2026-11-10T12:00:00.000Z', days: 12 },
  leadTime: { medianSeconds: 90000, samples: 6 },
  changes: 7,
  failedChanges: 1,
  changeFailureRate: 0.1429,
  timeToRestore: { samples: 0, ongoing: 1 },
  lastDeployedAt: '2026-11-22T04:40:16.000Z',
  trend: trend([0, 1, 1, 2, 2], [0, 0, 0, 1, 0]),
};

export const entityDeliveryMetrics: EntityDeliveryMetricsResponse = {
  entityRef: 'component:default/payments',
  window,
  environments: [devMetrics, prodMetrics],
  errors: [],
};

export const fleetDeliveryMetrics: FleetDeliveryMetricsResponse = {
  window,
  items: [
    { ...devMetrics, service: 'payments' },
    { ...prodMetrics, service: 'payments' },
    {
      ...prodMetrics,
      service: 'checkout',
      deployments: 0,
      deploymentsPerDay: 0,
      leadTime: { samples: 0 },
      changes: 0,
      failedChanges: 0,
      changeFailureRate: undefined,
      timeToRestore: { samples: 0, ongoing: 0 },
      lastDeployedAt: undefined,
      trend: trend([0, 0, 0, 0, 0], [0, 0, 0, 0, 0]),
    },
  ],
  environments: [devMetrics, prodMetrics],
  errors: [],
};

export const promotionInsight: PromotionInsight = {
  entityRef: 'component:default/payments',
  generatedAt: '2026-11-22T12:00:00.000Z',
  environments: [
    {
      environment: 'dev',
      applications: ['dev-agent:/payments-dev'],
      revision: '6cbe6705aa11c0ffee00112233445566778899aa',
      repoURL: 'https://github.com/acme/payments-deploy.git',
      tag: '3.1.7',
      image: 'ghcr.io/acme/payments',
      revisions: ['6cbe6705aa11c0ffee00112233445566778899aa', '5d5e5f62bb22'],
    },
    {
      environment: 'prod',
      applications: ['prod-agent:/payments-prod'],
      revision: '5322e79ccc33',
      tag: '3.1.5',
      image: 'ghcr.io/acme/payments',
      revisions: ['5322e79ccc33'],
    },
  ],
  steps: [
    {
      from: 'dev',
      to: 'prod',
      status: 'behind',
      fromRevision: '6cbe6705aa11c0ffee00112233445566778899aa',
      toRevision: '5322e79ccc33',
      revisionsBehind: 2,
      behindSince: '2026-11-20T12:00:00.000Z',
      behindForSeconds: 2 * 86400 + 3 * 3600,
      promotion: {
        environment: 'prod',
        tag: '3.1.7',
        image: 'ghcr.io/acme/payments',
        repoUrl: 'github.com?owner=acme&repo=payments-deploy',
      },
    },
  ],
  errors: [],
};
