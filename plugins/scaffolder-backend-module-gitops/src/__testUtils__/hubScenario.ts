// The suite's test harness, for tests only (a devDependency).
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '@gitops-suite/plugin-gitops-backend/testUtils';

type Scenario = ReturnType<typeof shopScenario>;

/**
 * The shop on Argo CD's own cluster: dev and prod on the in-cluster
 * destination of Argo CD agent `hub`, and one existing service, unless
 * `parts` name other services and agents. The scaffolder tests apply
 * ApplicationSets and syncs to it.
 */
export function hubScenario(
  seed: string,
  parts: Pick<Partial<Scenario>, 'services' | 'agents'> & {
    syncPolicy?: 'manual';
  } = {},
): Scenario {
  return shopScenario(seed, {
    environments: ['dev', 'prod'].map(name => ({
      name,
      cluster: 'in-cluster',
      namespace: `{service}-${name}`,
      ...(parts.syncPolicy && { syncPolicy: parts.syncPolicy }),
    })),
    services: parts.services ?? [shopService('existing', { agents: ['hub'] })],
    agents: parts.agents ?? [
      shopArgoCdAgent('hub', {
        environments: ['dev', 'prod'],
        clusters: ['in-cluster'],
      }),
    ],
  });
}

/**
 * The hub for the sync tests: applications are not synced on their own;
 * `hub` syncs payments in 100 ms, `slow` takes 10 s to sync ledger.
 */
export function syncScenario(seed: string): Scenario {
  return hubScenario(seed, {
    syncPolicy: 'manual',
    services: [
      shopService('payments', { agents: ['hub'] }),
      shopService('ledger', { agents: ['slow'] }),
    ],
    agents: [
      shopArgoCdAgent('hub', {
        syncDurationMs: 100,
        environments: ['dev', 'prod'],
        clusters: ['in-cluster'],
      }),
      shopArgoCdAgent('slow', {
        syncDurationMs: 10_000,
        environments: ['dev'],
        clusters: ['in-cluster'],
      }),
    ],
  });
}
