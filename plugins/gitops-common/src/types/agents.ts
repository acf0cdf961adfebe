import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * A configured GitOps agent, as the portal may show it (no credentials):
 * the API's agent entry (id from `gitops.agents[].id`, kind `argocd` or
 * `harness` or a third party's) without what the backend observes of it:
 * its status and the clusters it serves each environment on.
 * @public
 */
export type GitOpsAgentInfo = Omit<
  GitOpsApiSchemas['Agent'],
  'serves' | 'status'
>;

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
