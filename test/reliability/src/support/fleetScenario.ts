import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  componentEntity,
  scenarioEnvironments,
  shopHarnessAgent,
  shopNonprodAgent,
  shopProdAgent,
  shopScenario,
  shopService,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import type { ScenarioInput } from '@gitops-suite/sandbox-agent';

/** A catalog entity, as the in-memory catalog takes it. */
export type Entity = NonNullable<
  NonNullable<Parameters<typeof catalogServiceMock.factory>[0]>['entities']
>[number];

/*
 * The fleet every suite runs against: two Argo CD agents and one Harness
 * agent, three services, and catalog entities owned by two teams.
 */

export const AGENT_TOKENS: Record<string, string> = {
  nonprod: 'reliability-nonprod-token-0001',
  prod: 'reliability-prod-token-0002',
  hx: 'reliability-harness-key-0003',
};

type ScenarioAgent = NonNullable<ScenarioInput['agents']>[number];

/** Extra scenario parts a suite may add (repositories, clusters, seed). */
export interface FleetScenarioOptions {
  seed?: string;
  syncDurationMs?: number;
  /** Per agent id: extra repositories and clusters. */
  repositories?: Record<string, unknown[]>;
  clusters?: Record<string, unknown[]>;
}

export function fleetScenario(options: FleetScenarioOptions = {}) {
  const syncDurationMs = options.syncDurationMs ?? 20;
  /** The agent with the suite's token and the extra repositories and clusters. */
  const agent = (base: ScenarioAgent): ScenarioAgent => ({
    ...base,
    token: AGENT_TOKENS[base.id],
    syncDurationMs,
    // team-security's project: its AppProject answers 403 to the portal
    forbiddenProjects: ['restricted'],
    clusters: [
      ...(base.clusters ?? []),
      // generated specs: the sandbox validates them as it loads them
      ...((options.clusters?.[base.id] ?? []) as NonNullable<
        ScenarioAgent['clusters']
      >),
    ],
    ...(options.repositories?.[base.id] && {
      repositories: options.repositories[
        base.id
      ] as ScenarioAgent['repositories'],
    }),
  });
  const scenario = shopScenario(options.seed ?? 'gitops-reliability', {
    // dev and qa with the sandbox's default sync policy, prod manual
    environments: scenarioEnvironments.map(({ syncPolicy, ...env }) =>
      env.name === 'prod' ? { ...env, syncPolicy } : env,
    ),
    services: [
      shopService('payments', {
        secret: true,
        project: 'payments',
        agents: ['nonprod', 'prod'],
      }),
      shopService('checkout', {
        secret: true,
        project: 'checkout',
        agents: ['nonprod', 'prod'],
      }),
      shopService('risk', {
        secret: true,
        project: 'payments',
        agents: ['hx'],
      }),
    ],
    projects: [
      { name: 'shop' },
      { name: 'payments' },
      { name: 'checkout' },
      { name: 'restricted' },
    ],
    agents: [
      agent(shopNonprodAgent()),
      agent(shopProdAgent()),
      agent(
        shopHarnessAgent('hx', {
          environments: [
            { name: 'dev', cluster: 'eu' },
            { name: 'prod', cluster: 'eu' },
          ],
        }),
      ),
    ],
  });
  return { ...scenario, services: scenario.services! };
}

const component = (
  name: string,
  owner: string,
  annotations: Record<string, string>,
): Entity => componentEntity(name, annotations, owner);

/**
 * The trust model's config (`gitops.projects`): team-a owns project
 * payments (its services payments and risk, in `payments-*` and `risk-*`
 * namespaces), team-b owns project checkout; both deploy from acme's
 * repositories only. Team-security's project restricted, hidden from the
 * portal's tokens, holds the payments vault's namespaces (`payments-vault-*`).
 */
export const fleetProjects = [
  {
    name: 'payments',
    owners: ['group:default/team-a'],
    destinations: [{ namespace: 'payments-*' }, { namespace: 'risk-*' }],
    sourceRepos: ['https://github.com/acme/*'],
  },
  {
    name: 'checkout',
    owners: ['group:default/team-b'],
    destinations: [{ namespace: 'checkout-*' }],
    sourceRepos: ['https://github.com/acme/*'],
  },
  {
    name: 'restricted',
    owners: ['group:default/team-security'],
    destinations: [{ namespace: 'payments-vault-*' }],
    sourceRepos: ['https://github.com/acme/*'],
  },
];

/** Owners: team-a owns payments and risk, team-b owns checkout. */
export const fleetEntities: Entity[] = [
  component('payments', 'group:default/team-a', {
    'gitops/service': 'payments',
  }),
  component('checkout', 'group:default/team-b', {
    'argocd/app-selector': 'gitops/service=checkout',
  }),
  component('risk', 'group:default/team-a', { 'gitops/service': 'risk' }),
  component('plain', 'group:default/team-a', {}),
];

/** Every Application of the fleet: agent, name, owning entity. */
export const fleetApplications = [
  { agent: 'nonprod', name: 'payments-dev', entity: 'payments' },
  { agent: 'nonprod', name: 'payments-qa', entity: 'payments' },
  { agent: 'prod', name: 'payments-prod', entity: 'payments' },
  { agent: 'nonprod', name: 'checkout-dev', entity: 'checkout' },
  { agent: 'nonprod', name: 'checkout-qa', entity: 'checkout' },
  { agent: 'prod', name: 'checkout-prod', entity: 'checkout' },
  { agent: 'hx', name: 'risk-dev', entity: 'risk' },
  { agent: 'hx', name: 'risk-prod', entity: 'risk' },
];
