/**
 * Channels of the Backstage signals the `gitops` backend publishes when its
 * fleet state changes; open pages subscribe to them and re-read.
 * @public
 */
export const gitopsSignalChannels = {
  /** Anything in the fleet changed (the fleet page, the agents). */
  fleet: 'gitops:fleet',
  /** An application an entity's annotations select changed, came or went. */
  entity: (entityRef: string): string => `gitops:entity:${entityRef}`,
  /**
   * An application of that name on the agent changed or went (its drawer;
   * apps of one name in several namespaces share the channel).
   */
  application: (agentId: string, name: string): string =>
    `gitops:application:${agentId}/${name}`,
};

/**
 * The message of every GitOps signal: only that something changed, and on
 * which agents; pages read what changed through the permission-checked API.
 * @public
 */
export type GitOpsChangeSignal = {
  type: 'changed';
  agentIds: string[];
  /** When the backend published it (ISO 8601). */
  at: string;
};
