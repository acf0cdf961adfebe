import { Entity } from '@backstage/catalog-model';
import {
  componentEntity,
  configEnvironments,
  GitOpsTestBackend,
  shopHarnessAgent,
  shopNonprodAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
} from '.';

/** A group entity of the catalog (a team, or the owner of a new service). */
export function groupEntity(name: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Group',
    metadata: { name, namespace: 'default' },
    spec: { type: 'team', children: [] },
  };
}

/*
 * Two teams on one Argo CD agent and a Harness agent: team-payments owns
 * project payments (by config) and project billing (by its AppProject's
 * gitops/owner annotation), team-checkout owns project checkout; project
 * sandbox is mapped to nobody. Each team's service runs in `<service>-<env>`.
 */
export const trustScenario = shopScenario('gitops-backend-trust', {
  services: [
    shopService('payments', { project: 'payments', agents: ['nonprod', 'hx'] }),
    shopService('checkout', { project: 'checkout', agents: ['nonprod', 'hx'] }),
  ],
  projects: [
    { name: 'payments' },
    { name: 'checkout' },
    {
      name: 'billing',
      annotations: { 'gitops/owner': 'group:default/team-payments' },
      sourceRepos: ['https://github.com/acme/*'],
      destinations: [{ server: '*', namespace: 'billing-*' }],
    },
    { name: 'sandbox' },
  ],
  agents: [
    shopNonprodAgent({ syncDurationMs: 50 }),
    shopHarnessAgent('hx', { syncDurationMs: 50 }),
  ],
});

export const trustEntities: Entity[] = [
  componentEntity(
    'payments',
    { 'gitops/service': 'payments' },
    'team-payments',
  ),
  componentEntity(
    'checkout',
    { 'gitops/service': 'checkout' },
    'team-checkout',
  ),
  // a payments component whose annotation reaches checkout's applications too
  componentEntity(
    'storefront-dashboard',
    { 'gitops/app-name': 'payments-dev,checkout-dev' },
    'team-payments',
  ),
  // a payments component that claims checkout's `borrowed` set by name
  componentEntity(
    'payments-reports',
    { 'gitops/applicationset': 'borrowed' },
    'team-payments',
  ),
  groupEntity('team-payments'),
  groupEntity('team-checkout'),
];

/** The config that maps the teams to their projects. */
export const trustProjects = [
  {
    name: 'payments',
    owners: ['group:default/team-payments'],
    sourceRepos: ['https://github.com/acme/*'],
  },
  {
    name: 'checkout',
    owners: ['team-checkout'],
    sourceRepos: ['https://github.com/acme/*'],
  },
];

/** The harness over the trust fleet, with the teams mapped in config. */
export function startTrustFleet(
  options: Pick<
    Parameters<typeof startGitOpsTestBackend>[0],
    'conditional'
  > = {},
): Promise<GitOpsTestBackend> {
  return startGitOpsTestBackend({
    ...options,
    scenario: trustScenario,
    entities: trustEntities,
    environments: configEnvironments,
    gitops: { projects: trustProjects },
    // the actions registry too, for the operation actions
    config: { backend: { actions: { pluginSources: ['gitops'] } } },
  });
}
