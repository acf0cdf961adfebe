import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';

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
  const clustersOf = (id: string, base: unknown[]) => [
    ...base,
    ...(options.clusters?.[id] ?? []),
  ];
  return {
    seed: options.seed ?? 'gitops-reliability',
    environments: [
      { name: 'dev', cluster: 'nonprod', namespace: '{service}-dev' },
      { name: 'qa', cluster: 'nonprod', namespace: '{service}-qa' },
      {
        name: 'prod',
        cluster: 'prod',
        namespace: '{service}-prod',
        syncPolicy: 'manual',
      },
    ],
    projects: [{ name: 'shop' }],
    services: [
      {
        name: 'payments',
        repo: 'https://github.com/acme/payments-deploy.git',
        project: 'shop',
        secret: true,
        agents: ['nonprod', 'prod'],
      },
      {
        name: 'checkout',
        repo: 'https://github.com/acme/checkout-deploy.git',
        project: 'shop',
        secret: true,
        agents: ['nonprod', 'prod'],
      },
      {
        name: 'risk',
        repo: 'https://github.com/acme/risk-deploy.git',
        project: 'shop',
        secret: true,
        agents: ['hx'],
      },
    ],
    agents: [
      {
        id: 'nonprod',
        kind: 'argocd',
        token: AGENT_TOKENS.nonprod,
        syncDurationMs,
        environments: ['dev', 'qa'],
        clusters: clustersOf('nonprod', [
          { name: 'nonprod', server: 'https://nonprod.example.internal:6443' },
        ]),
        ...(options.repositories?.nonprod && {
          repositories: options.repositories.nonprod,
        }),
      },
      {
        id: 'prod',
        kind: 'argocd',
        token: AGENT_TOKENS.prod,
        syncDurationMs,
        environments: ['prod'],
        clusters: clustersOf('prod', [
          { name: 'prod', server: 'https://prod.example.internal:6443' },
        ]),
        ...(options.repositories?.prod && {
          repositories: options.repositories.prod,
        }),
      },
      {
        id: 'hx',
        kind: 'harness',
        token: AGENT_TOKENS.hx,
        syncDurationMs,
        environments: [
          { name: 'dev', cluster: 'eu' },
          { name: 'prod', cluster: 'eu' },
        ],
        clusters: clustersOf('hx', [
          {
            name: 'eu',
            server: 'https://eu.example.internal:6443',
            identifier: 'eu_cluster',
          },
        ]),
        ...(options.repositories?.hx && {
          repositories: options.repositories.hx,
        }),
        harness: {
          accountIdentifier: 'acct123',
          orgIdentifier: 'default',
          projectIdentifier: 'shop',
          agentIdentifier: 'hxagent',
        },
      },
    ],
  };
}

function component(
  name: string,
  owner: string,
  annotations: Record<string, string>,
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'service', lifecycle: 'production', owner },
  };
}

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
