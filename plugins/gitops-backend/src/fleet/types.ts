import {
  AgentError,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
} from '@gitops-suite/plugin-gitops-common';

/** Everything one full read of an agent gives the fleet state. */
export interface AgentSnapshot {
  applications: GitOpsApplication[];
  applicationSets: GitOpsApplicationSet[];
  clusters: GitOpsCluster[];
  repositories: GitOpsRepository[];
  status?: GitOpsAgentStatus;
}

/** What changed in the fleet state, for listeners (signals). */
export interface FleetChange {
  agentId: string;
  /** Applications added or modified (their new state, with their owner). */
  applications: GitOpsApplication[];
  /** Applications that went away (their last state, with their owner). */
  removed: GitOpsApplication[];
  /**
   * The applications of ApplicationSets that changed (their status, say a
   * rollout's step), with their owner: unchanged themselves, but shown
   * with their set.
   */
  setApplications?: GitOpsApplication[];
  /** The agent's feed went down (`stale`) or came back (`fresh`). */
  feed?: 'stale' | 'fresh';
  /**
   * The state came from a snapshot another replica saved, not from the
   * agent (see FleetSnapshotCache): served, but not news of the agent.
   */
  restored?: true;
}

/** Keeps one agent's part of the fleet state current. */
export interface FleetFeeder {
  readonly agentId: string;
  readonly kind: 'watch' | 'poll';
  /** Starts feeding in the background. */
  start(): void;
  /** Stops feeding; resolves once every open call has ended. */
  stop(): Promise<void>;
  /** Re-reads the agent now (after an operation changed several objects). */
  resync(): void;
  /** The error of the last failed attempt, while the feed is down. */
  readonly lastError?: AgentError;
}
