/**
 * Names one live resource of an application, as its resource tree does.
 * @public
 */
export interface ResourceTarget {
  /** API group; empty or absent for the core group. */
  group?: string;
  /** API version (`v1`); Argo CD needs it to read a live manifest. */
  version?: string;
  kind: string;
  namespace?: string;
  name: string;
  /** The live object's UID; Argo CD needs it to list a resource's events. */
  uid?: string;
}

/**
 * Which log lines to read from a resource's pods: a Pod's own, or those of
 * the pods a workload (Deployment, StatefulSet...) owns.
 * @public
 */
export interface ResourceLogQuery {
  /** One container of the pods; the agent picks the default when absent. */
  container?: string;
  /** The last lines only. */
  tailLines?: number;
  /** Only lines of the last seconds. */
  sinceSeconds?: number;
  /** Keep the stream open and send new lines as they are written. */
  follow?: boolean;
}
