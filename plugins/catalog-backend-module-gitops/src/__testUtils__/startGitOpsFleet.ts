import http from 'node:http';
import { AddressInfo } from 'node:net';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
// The tests run the real gitops backend plugin next to this module (a
// devDependency only): the module itself talks to it over HTTP.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import gitopsPlugin from '@gitops-suite/plugin-gitops-backend';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { sandboxAgentConfig } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';
import { GitOpsHttpReader } from '../api/GitOpsHttpReader';

/**
 * The sandbox fleet of the catalog module's tests: two Argo CD agents and a
 * Harness agent, one of them with an oddly named cluster.
 */
export const fleetScenario = {
  seed: 'catalog-module-gitops-test',
  environments: [
    {
      name: 'dev',
      cluster: 'nonprod',
      namespace: '{service}-dev',
      syncPolicy: 'automated-prune',
    },
    {
      name: 'qa',
      cluster: 'nonprod',
      namespace: '{service}-qa',
      syncPolicy: 'automated-prune',
    },
    {
      name: 'prod',
      cluster: 'Prod_EU #1',
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
      agents: ['nonprod'],
    },
    {
      name: 'risk',
      repo: 'https://github.com/acme/risk-deploy.git',
      project: 'shop',
      agents: ['hx'],
    },
  ],
  agents: [
    {
      id: 'nonprod',
      kind: 'argocd',
      token: 'nonprod-argo-token-catalog-0001',
      region: 'eu-west-1',
      version: 'v2.13.1+abc123',
      environments: ['dev', 'qa'],
      clusters: [
        { name: 'nonprod', server: 'https://nonprod.example.internal:6443' },
      ],
    },
    {
      id: 'prod',
      kind: 'argocd',
      token: 'prod-argo-token-catalog-0002',
      region: 'eu-central-1',
      environments: ['prod'],
      clusters: [
        { name: 'Prod_EU #1', server: 'https://prod.example.internal:6443' },
      ],
    },
    {
      id: 'hx',
      kind: 'harness',
      token: 'harness-api-key-catalog-0003',
      environments: [
        { name: 'dev', cluster: 'eu' },
        { name: 'prod', cluster: 'eu' },
      ],
      clusters: [
        {
          name: 'eu',
          server: 'https://eu.example.internal:6443',
          identifier: 'eu_cluster',
        },
      ],
      harness: {
        accountIdentifier: 'acct123',
        orgIdentifier: 'default',
        projectIdentifier: 'shop',
        agentIdentifier: 'hxagent',
      },
    },
  ],
};

/** A running sandbox and gitops backend, and a reader over real HTTP. */
export interface GitOpsFleet {
  sandbox: Sandbox;
  server: http.Server;
  reader: GitOpsHttpReader;
  baseUrl: string;
  /** Every credential the sandbox and the backend config hold. */
  secrets: string[];
  close(): Promise<void>;
}

/**
 * Starts the sandbox agents and the real gitops backend plugin in a test
 * backend, and returns a {@link GitOpsHttpReader} that reads it over HTTP
 * with a mock service token, as the catalog would.
 */
export async function startGitOpsFleet(
  options: {
    /** More features for the same backend; with a real catalog, no mock. */
    features?: Parameters<typeof startTestBackend>[0]['features'];
    /** More root config (merged at the top level). */
    config?: Record<string, unknown>;
  } = {},
): Promise<GitOpsFleet> {
  const sandbox = await startSandbox({
    scenario: fleetScenario,
    log: () => {},
  });
  const agents = sandbox.agents.map(agent =>
    sandboxAgentConfig(agent, {
      ...(agent.region && { region: agent.region }),
      environments: (
        fleetScenario.agents.find(a => a.id === agent.id)?.environments ?? []
      ).map(env => (typeof env === 'string' ? env : env.name)),
      timeoutMs: 3000,
    }),
  );
  const backend = await startTestBackend({
    features: [
      gitopsPlugin,
      mockServices.rootConfig.factory({
        data: {
          backend: {
            database: { client: 'better-sqlite3', connection: ':memory:' },
          },
          gitops: {
            agents,
            // deliberately not in promotion order
            environments: [
              { name: 'prod', title: 'Production', order: 3, production: true },
              { name: 'dev', title: 'Development', order: 1 },
              { name: 'qa', title: 'QA', order: 2 },
            ],
            cache: { ttlSeconds: 0 },
            poller: { frequencySeconds: 0 },
          },
          ...options.config,
        },
      }),
      ...(options.features ?? [catalogServiceMock.factory({ entities: [] })]),
    ],
  });
  const server = backend.server as http.Server;
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/gitops`;
  const reader = new GitOpsHttpReader({
    discovery: {
      getBaseUrl: async () => baseUrl,
      getExternalBaseUrl: async () => baseUrl,
    },
    auth: mockServices.auth({ pluginId: 'catalog' }),
  });
  return {
    sandbox,
    server,
    reader,
    baseUrl,
    secrets: [...sandbox.secretValues(), ...sandbox.agents.map(a => a.token)],
    close: async () => {
      await backend.stop();
      await sandbox.close();
    },
  };
}
