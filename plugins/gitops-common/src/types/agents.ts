import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
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
export type GitOpsAgentStatus = GitOpsApiSchemas['AgentStatus'];

/**
 * The health of one component of an agent (Harness: `harnessGitopsAgent`,
 * `argoAppController`, `argoRepoServer`, `argoRedisServer`,
 * `argoAppSetController`), with the version it runs.
 * @public
 */
export type GitOpsAgentComponentHealth =
  GitOpsApiSchemas['AgentComponentHealth'];

/**
 * How fresh the backend's view of one agent is. Every read answers with
 * one entry per agent it read from.
 * @public
 */
export type AgentFreshness = GitOpsApiSchemas['AgentFreshness'];
