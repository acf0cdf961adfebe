import type { ResourceRef } from '@gitops-suite/plugin-gitops-common';

/**
 * Names one live resource of an application, as its resource tree does:
 * Argo CD needs its `version` to read a live manifest and its `uid` to list
 * its events.
 * @public
 */
export type ResourceTarget = ResourceRef;

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
