import type { ScenarioInput } from '@gitops-suite/sandbox-agent';
import { scenarioEnvironments } from './sandboxFixtures';

/*
 * The sandbox scenario the backend, catalog and scaffolder tests build on:
 * acme's shop project over dev, qa and prod, its services deployed from
 * `<service>-deploy` repositories, Argo CD agents on the nonprod and prod
 * clusters, and a Harness GitOps agent on eu. Each test names the services
 * and agents it needs and what differs.
 */

/**
 * A cluster of the shop scenario (`in-cluster`: Argo CD's own cluster).
 * @public
 */
export type ShopCluster = 'nonprod' | 'prod' | 'eu' | 'in-cluster';

const clusters: Record<
  ShopCluster,
  { name: string; server: string; identifier?: string }
> = {
  nonprod: { name: 'nonprod', server: 'https://nonprod.example.internal:6443' },
  prod: { name: 'prod', server: 'https://prod.example.internal:6443' },
  eu: {
    name: 'eu',
    server: 'https://eu.example.internal:6443',
    identifier: 'eu_cluster',
  },
  'in-cluster': {
    name: 'in-cluster',
    server: 'https://kubernetes.default.svc',
  },
};

/**
 * A service of the shop project, deployed from acme's `<name>-deploy`
 * repository.
 * @public
 */
export function shopService(
  name: string,
  options: Omit<
    Partial<NonNullable<ScenarioInput['services']>[number]>,
    'name'
  > = {},
): NonNullable<ScenarioInput['services']>[number] {
  return {
    name,
    repo: `https://github.com/acme/${name}-deploy.git`,
    project: 'shop',
    ...options,
  };
}

/**
 * An Argo CD agent serving its environments on the named clusters.
 * @public
 */
export function shopArgoCdAgent(
  id: string,
  options: Omit<
    Partial<NonNullable<ScenarioInput['agents']>[number]>,
    'id' | 'kind' | 'clusters'
  > & {
    clusters: ShopCluster[];
  },
): NonNullable<ScenarioInput['agents']>[number] {
  return {
    id,
    kind: 'argocd',
    token: `${id}-argo-token`,
    ...options,
    clusters: options.clusters.map(name => clusters[name]),
  };
}

/**
 * The shop's Argo CD agent `nonprod`: dev and qa on cluster nonprod,
 * unless `options` say otherwise.
 * @public
 */
export function shopNonprodAgent(
  options: Partial<Parameters<typeof shopArgoCdAgent>[1]> = {},
): NonNullable<ScenarioInput['agents']>[number] {
  return shopArgoCdAgent('nonprod', {
    environments: ['dev', 'qa'],
    clusters: ['nonprod'],
    ...options,
  });
}

/**
 * The shop's Argo CD agent `prod`: prod on cluster prod, unless `options`
 * say otherwise.
 * @public
 */
export function shopProdAgent(
  options: Partial<Parameters<typeof shopArgoCdAgent>[1]> = {},
): NonNullable<ScenarioInput['agents']>[number] {
  return shopArgoCdAgent('prod', {
    environments: ['prod'],
    clusters: ['prod'],
    ...options,
  });
}

/** The shop's agents by id as most tests run them: each syncs in 50ms. */
const quickAgents = {
  nonprod: () => shopNonprodAgent({ syncDurationMs: 50 }),
  prod: () => shopProdAgent({ syncDurationMs: 50 }),
  hx: () => shopHarnessAgent('hx', { syncDurationMs: 50 }),
};

/** The id of one of the shop's quick agents. */
export type QuickShopAgentId = keyof typeof quickAgents;

/** The shop's agent `id` (nonprod, prod or the Harness hx), syncing in 50ms. */
export function quickShopAgent(
  id: QuickShopAgentId,
): NonNullable<ScenarioInput['agents']>[number] {
  return quickAgents[id]();
}

/**
 * A Harness GitOps agent of the shop project (account acct123, org default,
 * agent hxagent) on cluster eu, serving dev unless told otherwise.
 * @public
 */
export function shopHarnessAgent(
  id: string,
  options: Omit<
    Partial<NonNullable<ScenarioInput['agents']>[number]>,
    'id' | 'kind' | 'clusters' | 'harness'
  > = {},
): NonNullable<ScenarioInput['agents']>[number] {
  return {
    id,
    kind: 'harness',
    token: `${id}-harness-api-key`,
    environments: [{ name: 'dev', cluster: 'eu' }],
    ...options,
    clusters: [clusters.eu],
    harness: {
      accountIdentifier: 'acct123',
      orgIdentifier: 'default',
      projectIdentifier: 'shop',
      agentIdentifier: 'hxagent',
    },
  };
}

/**
 * A scenario of the shop project over the dev, qa and prod environments.
 * @public
 */
export function shopScenario(
  seed: string,
  parts: Omit<Partial<ScenarioInput>, 'seed'> & Pick<ScenarioInput, 'services'>,
): ScenarioInput {
  return {
    seed,
    environments: scenarioEnvironments,
    projects: [{ name: 'shop' }],
    ...parts,
  };
}

/**
 * An ApplicationSet manifest of the shop project: a list generator over
 * `environments`, generating `<name>-<env>` from the `service`'s deploy
 * repository (`overlays/<env>`) into `<name>-<env>` on the nonprod cluster,
 * labelled `gitops/service: <selectedBy>` (the service that selects them)
 * and `labels`.
 * @public
 */
export function shopApplicationSet(
  name: string,
  options: {
    service: string;
    selectedBy?: string;
    environments: string[];
    labels?: Record<string, string>;
    /** The generated applications' project (`shop`). */
    project?: string;
    /** Their source repository (the service's deploy repository). */
    repoURL?: string;
    /** Their destination namespace, `{{env}}` allowed (`<name>-{{env}}`). */
    namespace?: string;
    /** Their destination cluster (`nonprod`). */
    cluster?: ShopCluster;
  },
): Record<string, unknown> {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name, namespace: 'argocd' },
    spec: {
      generators: [
        { list: { elements: options.environments.map(env => ({ env })) } },
      ],
      template: {
        metadata: {
          name: `${name}-{{env}}`,
          labels: {
            'gitops/service': options.selectedBy ?? options.service,
            ...options.labels,
          },
        },
        spec: {
          project: options.project ?? 'shop',
          source: {
            repoURL:
              options.repoURL ??
              `https://github.com/acme/${options.service}-deploy.git`,
            path: 'overlays/{{env}}',
            targetRevision: 'main',
          },
          destination: {
            server: clusters[options.cluster ?? 'nonprod'].server,
            namespace: options.namespace ?? `${name}-{{env}}`,
          },
        },
      },
    },
  };
}
