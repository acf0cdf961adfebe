import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { HostDiscovery } from '@backstage/backend-defaults/discovery';
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
// The real gitops backend plugin, for tests only (a devDependency).
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import gitopsPlugin from '@gitops-suite/plugin-gitops-backend';
import {
  startSandbox,
  Sandbox,
  SandboxAgentInfo,
} from '@gitops-suite/sandbox-agent';
import { GitOpsBackendClient } from '../actions/gitopsApi/GitOpsBackendClient';

/** A catalog Component annotated for the gitops backend. */
export function gitopsEntity(name: string, service = name): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: { 'gitops/service': service },
    },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  };
}

export interface GitOpsTestBackend {
  sandbox: Sandbox;
  /** The gitops backend's port. */
  port: number;
  /** A client like the module's own: real discovery, mock-issued tokens. */
  client: GitOpsBackendClient;
  /**
   * Permissions denied right now, by name or as `<name> <entity ref>` for
   * one resource (clear it after each test).
   */
  denied: Set<string>;
  /** Calls a sandbox agent's own API with its token. */
  agentFetch(
    agentId: string,
    path: string,
    init?: RequestInit,
  ): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real gitops backend plugin in a test backend, configured with the
 * agents of a real sandbox: the actions' requests go over real HTTP to the
 * backend, which calls the sandbox agents over real HTTP.
 */
export async function startGitOpsTestBackend(options: {
  scenario: Record<string, unknown>;
  entities: Entity[];
  environments: Array<{ name: string; order: number; production?: boolean }>;
}): Promise<GitOpsTestBackend> {
  const sandbox = await startSandbox({
    scenario: options.scenario,
    log: () => {},
  });
  const denied = new Set<string>();
  try {
    const permissions = mockServices.permissions.mock({
      // AuthorizeResult.DENY / ALLOW of @backstage/plugin-permission-common
      authorize: async (
        requests: Array<{ permission: { name: string }; resourceRef?: string }>,
      ) =>
        requests.map(r => ({
          result:
            denied.has(r.permission.name) ||
            denied.has(`${r.permission.name} ${r.resourceRef}`)
              ? 'DENY'
              : 'ALLOW',
        })) as any,
    });
    const backend = await startTestBackend({
      features: [
        gitopsPlugin,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              database: { client: 'better-sqlite3', connection: ':memory:' },
            },
            gitops: {
              agents: sandbox.agents.map((agent: SandboxAgentInfo) => ({
                id: agent.id,
                kind: agent.kind,
                url: agent.url,
                timeoutMs: 3000,
                credentials: { token: agent.token },
              })),
              environments: options.environments,
              poller: { frequencySeconds: 0 },
            },
          },
        }),
        catalogServiceMock.factory({ entities: options.entities }),
        permissions.factory,
      ],
    });
    const port = backend.server.port();
    const discovery = HostDiscovery.fromConfig(
      new ConfigReader({
        backend: { baseUrl: `http://localhost:${port}`, listen: { port } },
      }),
    );
    const client = new GitOpsBackendClient({
      discovery,
      auth: mockServices.auth({ pluginId: 'scaffolder' }),
    });
    return {
      sandbox,
      port,
      client,
      denied,
      agentFetch(agentId, path, init) {
        const agent = sandbox.agent(agentId);
        return fetch(`${agent.url}${path}`, {
          ...init,
          headers: {
            Authorization: `Bearer ${agent.token}`,
            'Content-Type': 'application/json',
            ...(init?.headers as Record<string, string> | undefined),
          },
        });
      },
      async stop() {
        await backend.stop();
        await sandbox.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
