import {
  componentEntity as entity,
  configEnvironments,
  GitOpsTestBackend,
  shopArgoCdAgent,
  shopHarnessAgent,
  startGitOpsTestBackend,
  unreachableAgentConfig,
} from '.';
import { shopFleet, ShopFleetAgent } from './shopFleet';

/**
 * The agents the router tests' fleets run on: two Argo CD agents (nonprod
 * with dev and qa, prod) and a Harness agent (hx, dev and prod on eu), each
 * finishing a sync in 50ms.
 */
export function routerAgents(): ShopFleetAgent[] {
  return [
    'nonprod',
    'prod',
    shopHarnessAgent('hx', {
      syncDurationMs: 50,
      environments: [
        { name: 'dev', cluster: 'eu' },
        { name: 'prod', cluster: 'eu' },
      ],
    }),
  ];
}

/*
 * The fleet the router tests read and act on: payments (with secrets) and
 * checkout on two Argo CD agents, risk on a Harness agent, a stopped agent
 * (standby) and one that is not there at all (ghost).
 */
const scenario = shopFleet('gitops-backend-router-test', {
  services: {
    payments: { secret: true, agents: ['nonprod', 'prod', 'standby'] },
    checkout: {
      agents: ['nonprod', 'prod'],
      overrides: { qa: { health: 'Degraded' } },
    },
    risk: { agents: ['hx'] },
  },
  agents: [
    ...routerAgents(),
    shopArgoCdAgent('standby', {
      environments: ['dev'],
      clusters: ['nonprod'],
      stopped: true,
    }),
  ],
});

const entities = [
  entity('payments', { 'gitops/service': 'payments' }),
  entity('checkout', { 'argocd/app-selector': 'gitops/service=checkout' }),
  entity('risk', { 'gitops/service': 'risk' }),
  entity('plain', {}),
];

/** The ghost agent's token: never served, so it must never be shown. */
export const GHOST_TOKEN = 'ghost-argo-token-0005';

/** The harness over the router tests' fleet (with more `gitops` config). */
export async function startRouterFleet(
  gitops?: Parameters<typeof startGitOpsTestBackend>[0]['gitops'],
  features?: Parameters<typeof startGitOpsTestBackend>[0]['features'],
): Promise<GitOpsTestBackend> {
  return startGitOpsTestBackend({
    gitops,
    features,
    scenario,
    entities,
    // deliberately not in alphabetical order
    environments: configEnvironments,
    agents: [await unreachableAgentConfig('ghost', GHOST_TOKEN)],
  });
}
