/**
 * The last connection attempt of an agent to a cluster or repository.
 * @public
 */
export interface GitOpsConnectionState {
  /** `Successful`, `Failed`, `Unknown`, as the agent reports it. */
  status: string;
  message?: string;
  /** ISO 8601 timestamp. */
  attemptedAt?: string;
}

/**
 * A deploy target behind an agent. Never carries credentials.
 * @public
 */
export interface GitOpsCluster {
  agentId: string;
  name: string;
  /** API server URL (`https://kubernetes.default.svc` for in-cluster). */
  server: string;
  region?: string;
  environment?: string;
  serverVersion?: string;
  connectionState: GitOpsConnectionState;
  labels: Record<string, string>;
  /** The namespaces the agent is restricted to, when it is. */
  namespaces?: string[];
}
