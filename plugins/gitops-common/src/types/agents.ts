/**
 * A configured GitOps agent, as the portal may show it (no credentials).
 * @public
 */
export interface GitOpsAgentInfo {
  /** The agent id from configuration (`gitops.agents[].id`). */
  id: string;
  /** The provider kind, `argocd` or `harness` (third parties add more). */
  kind: string;
  title?: string;
  /** Where a user opens the agent's own UI. */
  uiUrl?: string;
  region?: string;
  /** The environments this agent serves. */
  environments?: string[];
}

/**
 * The connectivity of one agent, checked by the backend.
 * @public
 */
export interface GitOpsAgentStatus {
  agentId: string;
  kind: string;
  state: 'connected' | 'disconnected' | 'error';
  /** The Argo CD (or agent) version the agent reports. */
  version?: string;
  message?: string;
  /** ISO 8601 timestamp of the check. */
  checkedAt: string;
  /** Health per component (Harness: controller, repo server, redis, ...). */
  components?: Array<{ name: string; status: string; message?: string }>;
}

/**
 * How fresh the backend's view of one agent is. Every read answers with
 * one entry per agent it read from.
 * @public
 */
export interface AgentFreshness {
  agentId: string;
  /**
   * ISO 8601 time up to which the agent's applications are known complete:
   * the last list, or the last change its watch stream delivered.
   * Absent while the agent's state has not loaded yet.
   */
  syncedAt?: string;
  /** True while the agent's feed is down: its data may be out of date. */
  stale: boolean;
  /** How the backend follows the agent: a watch stream or a polled list. */
  feed: 'watch' | 'poll';
}
