import type { HealthStatusCode, SyncStatusCode } from './status';

/**
 * Names one Kubernetes resource.
 * @public
 */
export interface ResourceRef {
  group?: string;
  version?: string;
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
}

/**
 * One node of an application's resource tree.
 * @public
 */
export interface ResourceNode extends ResourceRef {
  parentRefs: ResourceRef[];
  health?: { status: HealthStatusCode; message?: string };
  syncStatus?: SyncStatusCode;
  images?: string[];
  info?: Array<{ name: string; value: string }>;
  createdAt?: string;
}

/**
 * The resources an application manages and the ones they own.
 * @public
 */
export interface ResourceTree {
  nodes: ResourceNode[];
}

/**
 * Desired versus live state of one managed resource. Secret data is
 * scrubbed by the backend before it leaves.
 * @public
 */
export interface ResourceDiff extends ResourceRef {
  syncStatus?: SyncStatusCode;
  hook?: boolean;
  /**
   * The live object as a sync would leave it (Argo CD's predicted live
   * state), or null when the resource should not exist.
   */
  targetState: Record<string, unknown> | null;
  /** The live state, or null when the resource does not exist. */
  liveState: Record<string, unknown> | null;
  modified: boolean;
}
