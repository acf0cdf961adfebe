import { mockCredentials } from '@backstage/backend-test-utils';
import type { JsonObject } from '@backstage/types';
import {
  AgentTap,
  configEnvironments,
  GitOpsTestBackend,
  PermissionQuestion,
  sandboxAgentConfig,
  startGitOpsTestBackend,
  TappedRequest,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import type { Sandbox } from '@gitops-suite/sandbox-agent';
import { Entity, fleetEntities, fleetScenario } from './fleetScenario';

export type { PermissionQuestion };

export interface ReliabilityBackendOptions {
  /** Sandbox scenario (default: the reliability fleet). */
  scenario?: Record<string, unknown>;
  /** Per-agent timeout configured in the backend (default 2000 ms). */
  agentTimeoutMs?: number;
  /** `backend.database` config (default: SQLite in memory). */
  database?: JsonObject;
  /** `backend.cache` config (default: memory). */
  cache?: JsonObject;
  /** Extra `gitops` config merged over the defaults. */
  gitops?: JsonObject;
  /** Extra agent entries (e.g. one nobody listens on). */
  extraAgents?: JsonObject[];
  entities?: Entity[];
  /** The permission policy (default: allow everything). */
  authorize?: (question: PermissionQuestion) => boolean;
}

/**
 * The suite's harness over the reliability fleet: a running gitops backend
 * over real sandbox agents, behind the harness's recording tap.
 */
export interface ReliabilityBackend extends GitOpsTestBackend {
  /** Every request that reached an agent went through here. */
  agentTap: AgentTap;
  /** Authorization header of a signed-in user (default user:default/mock). */
  userHeader(userEntityRef?: string): string;
  /**
   * Requests that reached an agent since `mark` (an index into
   * agentTap.seen) because of a caller: the fleet state's background feed
   * is in agentTap.feed.
   */
  agentRequestsSince(mark: number): TappedRequest[];
}

/** The `gitops.agents` entry of a sandbox agent, reached through `baseUrl`. */
export function agentConfigEntries(
  sandbox: Sandbox,
  baseUrl: string,
  timeoutMs: number,
) {
  return sandbox.agents.map(agent =>
    sandboxAgentConfig(agent, {
      url: agent.url.replace(sandbox.baseUrl, baseUrl),
      timeoutMs,
    }),
  );
}

/**
 * Starts sandbox agents, the recording tap in front of them and a test
 * backend with the real gitops plugin configured for them, through the
 * suite's one harness.
 */
export async function startReliabilityBackend(
  options: ReliabilityBackendOptions = {},
): Promise<ReliabilityBackend> {
  const env = await startGitOpsTestBackend({
    scenario: options.scenario ?? fleetScenario(),
    entities: options.entities ?? fleetEntities,
    environments: configEnvironments,
    gitops: options.gitops,
    agents: options.extraAgents,
    agentTimeoutMs: options.agentTimeoutMs ?? 2000,
    authorize: options.authorize ?? (() => true),
    config: {
      backend: {
        ...(options.database && { database: options.database }),
        ...(options.cache && { cache: options.cache }),
      },
    },
  });
  return {
    ...env,
    agentTap: env.tap,
    userHeader: ref => mockCredentials.user.header(ref),
    agentRequestsSince: mark => env.agentRequests.slice(mark),
  };
}
