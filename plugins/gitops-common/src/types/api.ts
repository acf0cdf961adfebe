import type { AgentFreshness, GitOpsAgentStatus } from './agents';
import type { GitOpsApplication } from './applications';
import type { AgentError } from './errors';
import type { ResourceRef } from './resources';
import type { HealthStatusCode, SyncStatusCode } from './status';

/**
 * The applications of one environment.
 * @public
 */
export interface EnvironmentGroup {
  name: string;
  title: string;
  order: number;
  production: boolean;
  applications: GitOpsApplication[];
}

/**
 * The applications of a catalog entity, grouped by environment in promotion
 * order.
 * @public
 */
export interface EntityApplicationsResponse {
  entityRef: string;
  environments: EnvironmentGroup[];
  errors: AgentError[];
  /** How fresh each agent's data is. */
  freshness?: AgentFreshness[];
}

/**
 * Counts over the whole fleet.
 * @public
 */
export interface FleetSummary {
  total: number;
  bySync: Record<SyncStatusCode, number>;
  byHealth: Record<HealthStatusCode, number>;
  byAgent: Array<{
    agentId: string;
    total: number;
    outOfSync: number;
    degraded: number;
  }>;
  byEnvironment: Array<{
    environment: string;
    total: number;
    outOfSync: number;
    degraded: number;
  }>;
  /** Applications out of sync with no operation running. */
  drifting: number;
  agents: GitOpsAgentStatus[];
  errors: AgentError[];
  /** How fresh each agent's data is. */
  freshness?: AgentFreshness[];
}

/**
 * Narrows the fleet list. Values within one field are alternatives (OR);
 * fields combine (AND); an absent or empty field does not narrow.
 * @public
 */
export interface FleetApplicationFilter {
  agent?: string[];
  environment?: string[];
  /** The region of the serving agent. */
  region?: string[];
  health?: HealthStatusCode[];
  sync?: SyncStatusCode[];
  project?: string[];
  /** Whitespace-separated terms, each matched case-insensitively. */
  search?: string;
}

/**
 * Asks to sync an application.
 * @public
 */
export interface SyncRequest {
  revision?: string;
  prune?: boolean;
  dryRun?: boolean;
  /** Sync only these resources. */
  resources?: ResourceRef[];
  syncOptions?: string[];
}

/**
 * Asks to roll an application back to a history entry.
 * @public
 */
export interface RollbackRequest {
  /** The history entry id. */
  id: number;
  dryRun?: boolean;
  prune?: boolean;
}

/**
 * Asks to refresh an application (`hard` also regenerates manifests).
 * @public
 */
export interface RefreshRequest {
  mode: 'normal' | 'hard';
}

/**
 * What an operation answers: its audit id and the application after it.
 * @public
 */
export interface OperationResponse {
  auditId: string;
  application: GitOpsApplication;
}
