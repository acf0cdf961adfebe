import { mockCredentials } from '@backstage/backend-test-utils';
import type { JsonObject } from '@backstage/types';
import {
  configEnvironments,
  GitOpsTestBackend,
  PermissionQuestion,
  startGitOpsTestBackend,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import {
  Entity,
  fleetEntities,
  fleetProjects,
  fleetScenario,
} from './fleetScenario';

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
  /** Serve the gitops actions through the actions registry too. */
  actions?: boolean;
}

/**
 * The suite's harness over the reliability fleet: a running gitops backend
 * over real sandbox agents, behind the harness's recording tap (`tap.seen`
 * for what callers caused, `tap.feed` for the fleet state's own feed).
 */
export interface ReliabilityBackend extends GitOpsTestBackend {
  /** Authorization header of a signed-in user (default user:default/mock). */
  userHeader(userEntityRef?: string): string;
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
    gitops: { projects: fleetProjects, ...options.gitops },
    agents: options.extraAgents,
    agentTimeoutMs: options.agentTimeoutMs ?? 2000,
    authorize: options.authorize ?? (() => true),
    config: {
      backend: {
        ...(options.database && { database: options.database }),
        ...(options.cache && { cache: options.cache }),
        ...(options.actions && { actions: { pluginSources: ['gitops'] } }),
      },
    },
  });
  return {
    ...env,
    userHeader: ref => mockCredentials.user.header(ref),
  };
}
