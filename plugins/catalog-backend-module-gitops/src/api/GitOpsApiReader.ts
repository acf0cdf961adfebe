import type { GitOpsApiSchemas } from '@gitops-suite/plugin-gitops-common';

/** An environment as the gitops backend's `/environments` lists it. */
export type GitOpsEnvironmentItem = GitOpsApiSchemas['Environment'];

/** An agent as the gitops backend's `/agents` lists it (no credentials). */
export type GitOpsAgentItem = GitOpsApiSchemas['Agent'];

/** A list answered by the gitops backend, with the agents that failed. */
export interface GitOpsListResponse<T> {
  items: T[];
  errors: GitOpsApiSchemas['AgentError'][];
}

/**
 * Reads the fleet from the gitops backend. The entity provider and the
 * processor only see this interface, so tests can point them at any backend.
 * @public
 */
export interface GitOpsApiReader {
  environments(): Promise<GitOpsEnvironmentItem[]>;
  agents(): Promise<GitOpsListResponse<GitOpsAgentItem>>;
  clusters(): Promise<GitOpsListResponse<GitOpsApiSchemas['Cluster']>>;
  applications(): Promise<GitOpsListResponse<GitOpsApiSchemas['Application']>>;
}
