import type {
  AgentError,
  GitOpsAgentInfo,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsCluster,
} from '@gitops-suite/plugin-gitops-common';

/** An environment as the gitops backend's `/environments` lists it. */
export interface GitOpsEnvironmentItem {
  name: string;
  title?: string;
  order: number;
  production?: boolean;
}

/** An agent as the gitops backend's `/agents` lists it (no credentials). */
export interface GitOpsAgentItem extends GitOpsAgentInfo {
  url?: string;
  status: GitOpsAgentStatus;
}

/** A list answered by the gitops backend, with the agents that failed. */
export interface GitOpsListResponse<T> {
  items: T[];
  errors: AgentError[];
}

/**
 * Reads the fleet from the gitops backend. The entity provider and the
 * processor only see this interface, so tests can point them at any backend.
 * @public
 */
export interface GitOpsApiReader {
  environments(): Promise<GitOpsEnvironmentItem[]>;
  agents(): Promise<GitOpsListResponse<GitOpsAgentItem>>;
  clusters(): Promise<GitOpsListResponse<GitOpsCluster>>;
  applications(): Promise<GitOpsListResponse<GitOpsApplication>>;
}
