import type { BackendFeature } from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import type { JsonObject } from '@backstage/types';
// The tests run the real gitops backend plugin next to this module (a
// devDependency only) through its test harness: the module itself talks to
// it over HTTP.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  GitOpsTestBackend,
  scenarioEnvironments,
  shopHarnessAgent,
  shopNonprodAgent,
  shopProdAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { GitOpsHttpReader } from '../api/GitOpsHttpReader';

/** The prod cluster's odd name, which entity names must survive. */
const PROD_CLUSTER = 'Prod_EU #1';

/**
 * The sandbox fleet of the catalog module's tests: two Argo CD agents (with
 * regions, one with a version) and a Harness agent; prod runs on an oddly
 * named cluster.
 */
export const fleetScenario = shopScenario('catalog-module-gitops-test', {
  environments: scenarioEnvironments.map(env =>
    env.name === 'prod' ? { ...env, cluster: PROD_CLUSTER } : env,
  ),
  services: [
    shopService('payments', { secret: true, agents: ['nonprod', 'prod'] }),
    shopService('checkout', { agents: ['nonprod'] }),
    shopService('risk', { agents: ['hx'] }),
  ],
  agents: [
    shopNonprodAgent({ region: 'eu-west-1', version: 'v2.13.1+abc123' }),
    {
      ...shopProdAgent({ region: 'eu-central-1', clusters: [] }),
      clusters: [
        { name: PROD_CLUSTER, server: 'https://prod.example.internal:6443' },
      ],
    },
    shopHarnessAgent('hx', {
      environments: [
        { name: 'dev', cluster: 'eu' },
        { name: 'prod', cluster: 'eu' },
      ],
    }),
  ],
});

/** The harness over the fleet, and a reader of it over real HTTP. */
export interface GitOpsFleet extends GitOpsTestBackend {
  reader: GitOpsHttpReader;
  /** Every credential the sandbox and the backend config hold. */
  secrets: string[];
}

/**
 * Starts the sandbox agents and the real gitops backend plugin through the
 * suite's harness, and returns a {@link GitOpsHttpReader} that reads it over
 * HTTP with a mock service token, as the catalog would.
 */
export async function startGitOpsFleet(
  options: {
    /** More features for the same backend; with a real catalog, no mock. */
    features?: BackendFeature[];
    /** More root config (the catalog's, say). */
    config?: JsonObject;
  } = {},
): Promise<GitOpsFleet> {
  const env = await startGitOpsTestBackend({
    scenario: fleetScenario,
    entities: options.features ? undefined : [],
    // deliberately not in promotion order
    environments: [
      { name: 'prod', title: 'Production', order: 3, production: true },
      { name: 'dev', title: 'Development', order: 1 },
      { name: 'qa', title: 'QA', order: 2 },
    ],
    agentConfig: agent => ({
      ...(agent.region && { region: agent.region }),
      environments: (
        fleetScenario.agents?.find(a => a.id === agent.id)?.environments ?? []
      ).map(e => (typeof e === 'string' ? e : e.name)),
    }),
    config: options.config,
    features: options.features,
  });
  const baseUrl = `http://127.0.0.1:${env.port}/api/gitops`;
  return {
    ...env,
    reader: new GitOpsHttpReader({
      discovery: {
        getBaseUrl: async () => baseUrl,
        getExternalBaseUrl: async () => baseUrl,
      },
      auth: mockServices.auth({ pluginId: 'catalog' }),
    }),
    secrets: [
      ...env.sandbox.secretValues(),
      ...env.sandbox.agents.map(a => a.token),
    ],
  };
}
