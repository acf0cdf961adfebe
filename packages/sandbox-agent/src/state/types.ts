import type { HealthCode } from '../scenario/schema';
import type { JsonObject } from '../util/json';
import type { RolloutModel } from './rollout/rolloutModel';

/** A Kubernetes object reference as Argo CD reports it. */
export interface ResourceRef {
  group: string;
  version: string;
  kind: string;
  name: string;
  namespace?: string;
}

export type DriftField = 'replicas' | 'image' | 'configmap' | 'label';

/** A difference between git (target) and the cluster (live) on one resource. */
export interface DriftEntry {
  field: DriftField;
  resource: ResourceRef;
  /** The JSON path of the field in the manifest, e.g. `spec.replicas`. */
  path: string;
  target: unknown;
  live: unknown;
}

/** Where an application's primary source lives in the sandbox's git model. */
export interface AppSourceModel {
  repoUrl: string;
  /** The path of the git source in the repository. */
  path?: string;
  /** A Helm chart from a Helm repository (multi-source apps). */
  chart?: { repoURL: string; name: string; version: string };
}

/**
 * What the sandbox knows about the workload behind an Application: enough to
 * render manifests, the resource tree and the diff, and to change state the
 * way a controller would.
 */
export interface AppModel {
  service: string;
  env?: string;
  source: AppSourceModel;
  /** Image repository without tag. */
  image: string;
  replicas: number;
  destNamespace: string;
  /** The resources in git. */
  resources: ResourceRef[];
  /** A live resource that is no longer in git (requires pruning). */
  orphan?: ResourceRef;
  /** Secret data (base64 values) of the Secret resource, if any. */
  secretData?: Record<string, string>;
  /** The revision git had at the last refresh (what the app compares to). */
  desiredRevision: string;
  /** The revision deployed to the cluster. */
  liveRevision: string;
  drift: DriftEntry[];
  health: HealthCode;
  healthMessage?: string;
  /** Nothing lives in the cluster (health Missing). */
  missing: boolean;
  /** Replayed from a literal payload: status is kept as given until something changes it. */
  literal: boolean;
  /** A literal application whose state the sandbox has changed since load. */
  touched: boolean;
  /** Creation time of the live resources (epoch ms). */
  createdAt: number;
  /** The head of the repo at the last refresh (literal apps follow pushes only). */
  seenHead?: string;
  /** Image tags known for revisions that are not in the git model (literal payloads). */
  imageTags?: Record<string, string>;
  /**
   * Workloads restarted by the `restart` resource action, by resource key:
   * when (the pod template's `kubectl.kubernetes.io/restartedAt`) and how
   * many times (each one a new ReplicaSet revision).
   */
  restarts?: Record<string, { at: string; count: number }>;
  /**
   * The workload is an Argo Rollouts Rollout (canary) instead of a
   * Deployment: its steps and where its canary stands (see rollout/).
   */
  rollout?: RolloutModel;
}

/** One Application held by an agent. */
export interface AppRecord {
  /** `namespace/name` */
  key: string;
  app: JsonObject;
  model: AppModel;
  /** Cached JSON of `app`, cleared on every change. */
  json?: string;
  /** Timers of running operations (cleared on reset/close). */
  timers: Set<NodeJS.Timeout>;
  /**
   * Operations on this app stay Running until terminated or released (the
   * control API's `/_sandbox/hold-operations`, for tests that need one running).
   */
  holdOperations?: boolean;
  /** How the running operation ends, while it is held. */
  heldFinish?: () => void;
  /** The workload's health when the running sync started (a terminated sync leaves it so). */
  healthBeforeOperation?: HealthCode;
}

/** One ApplicationSet held by an agent. */
export interface AppSetRecord {
  key: string;
  appSet: JsonObject;
  /** UUID under which Harness serves it. */
  uuid: string;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface AppEvent {
  kind: 'application';
  type: WatchEventType;
  record: AppRecord;
}

export interface AppSetEvent {
  kind: 'applicationset';
  type: WatchEventType;
  record: AppSetRecord;
}

export type StoreEvent = AppEvent | AppSetEvent;

/** Who asked for something: the token's subject and rights. */
export interface Caller {
  subject: string;
  /** Projects the caller may see; undefined = all but forbidden. */
  projects?: string[];
  forbiddenProjects: string[];
  readOnly: boolean;
  /**
   * A user of an ID token (an Argo CD agent with `oidc`): the agent's RBAC
   * policy decides every check, by Argo CD's resource, action and object
   * (`projects`, `forbiddenProjects` and `readOnly` do not apply).
   */
  rbac?: (resource: string, action: string, object: string) => boolean;
  /** The verified claims of the user's ID token. */
  claims?: Record<string, unknown>;
}
