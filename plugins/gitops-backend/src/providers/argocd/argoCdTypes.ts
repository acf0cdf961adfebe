import type {
  ArgoSourceHydrator,
  ArgoSourceHydratorStatus,
} from './normalizeSourceHydrator';

/*
 * The parts of Argo CD's v1alpha1 API objects the provider reads, as the
 * swagger (shared/reference/argocd/swagger.json) defines them. Every field is
 * optional: real payloads omit what is empty.
 */

export interface ArgoObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  creationTimestamp?: string;
  resourceVersion?: string;
  ownerReferences?: Array<{ kind?: string; name?: string }>;
}

export interface ArgoApplicationSource {
  repoURL?: string;
  path?: string;
  targetRevision?: string;
  chart?: string;
  ref?: string;
  helm?: {
    releaseName?: string;
    valueFiles?: string[];
    parameters?: Array<{ name?: string; value?: string }>;
  };
  kustomize?: { images?: string[]; namePrefix?: string; nameSuffix?: string };
  directory?: unknown;
  plugin?: unknown;
}

export interface ArgoSyncPolicy {
  automated?: { prune?: boolean; selfHeal?: boolean; enabled?: boolean };
  syncOptions?: string[];
}

export interface ArgoApplicationSpec {
  project?: string;
  source?: ArgoApplicationSource;
  sources?: ArgoApplicationSource[];
  destination?: { server?: string; name?: string; namespace?: string };
  syncPolicy?: ArgoSyncPolicy;
  sourceHydrator?: ArgoSourceHydrator;
}

export interface ArgoRevisionHistory {
  id?: number | string;
  revision?: string;
  revisions?: string[];
  deployedAt?: string;
  deployStartedAt?: string;
  source?: ArgoApplicationSource;
  sources?: ArgoApplicationSource[];
  initiatedBy?: { username?: string; automated?: boolean };
}

/** SyncStrategyApply; Harness's JSON nests it in a hook (`syncStrategyApply`). */
export interface ArgoSyncStrategyApply {
  force?: boolean;
  syncStrategyApply?: { force?: boolean };
}

/** SyncStrategy: `apply` runs no hooks, `hook` does. */
export interface ArgoSyncStrategy {
  apply?: ArgoSyncStrategyApply;
  hook?: ArgoSyncStrategyApply;
}

/** RetryStrategy (int64s may come as strings, as protobuf's JSON writes them). */
export interface ArgoRetryStrategy {
  limit?: number | string;
  backoff?: {
    duration?: string;
    factor?: number | string;
    maxDuration?: string;
  };
}

export interface ArgoOperationState {
  phase?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  retryCount?: number | string;
  operation?: {
    /**
     * The sync requested. A lean read (`fields`) gets the sync *result*
     * here instead: Argo CD's field map selects `syncResult` under this
     * name, resources included.
     */
    sync?: {
      revision?: string;
      revisions?: string[];
      dryRun?: boolean;
      resources?: Array<{ message?: string }>;
      syncOptions?: string[];
      syncStrategy?: ArgoSyncStrategy;
    };
    initiatedBy?: { username?: string; automated?: boolean };
    retry?: ArgoRetryStrategy;
  };
  syncResult?: { revision?: string; revisions?: string[] };
}

/** How Argo CD names one Kubernetes resource (its `ResourceRef`). */
export interface ArgoResourceKey {
  group?: string;
  version?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
}

export interface ArgoResourceStatus extends Omit<ArgoResourceKey, 'uid'> {
  status?: string;
  health?: { status?: string; message?: string };
  hook?: boolean;
}

export interface ArgoApplicationStatus {
  sync?: { status?: string; revision?: string; revisions?: string[] };
  health?: { status?: string; message?: string };
  history?: ArgoRevisionHistory[];
  operationState?: ArgoOperationState;
  reconciledAt?: string;
  resources?: ArgoResourceStatus[];
  summary?: { images?: string[]; externalURLs?: string[] };
  sourceType?: string;
  sourceTypes?: string[];
  sourceHydrator?: ArgoSourceHydratorStatus;
}

export interface ArgoApplication {
  metadata?: ArgoObjectMeta;
  spec?: ArgoApplicationSpec;
  status?: ArgoApplicationStatus;
}

export interface ArgoApplicationList {
  metadata?: { resourceVersion?: string };
  items?: ArgoApplication[] | null;
}

export interface ArgoResourceNode extends ArgoResourceKey {
  parentRefs?: ArgoResourceKey[];
  health?: { status?: string; message?: string };
  images?: string[];
  info?: Array<{ name?: string; value?: string }>;
  createdAt?: string;
}

export interface ArgoResourceTree {
  nodes?: ArgoResourceNode[] | null;
}

export interface ArgoResourceDiff {
  group?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  targetState?: string;
  liveState?: string;
  normalizedLiveState?: string;
  predictedLiveState?: string;
  hook?: boolean;
  modified?: boolean;
}

export interface ArgoRevisionMetadata {
  author?: string;
  date?: string;
  message?: string;
  tags?: string[];
  signatureInfo?: string;
  sourceIntegrityResult?: {
    checks?: Array<{ name?: string; problems?: string[] }>;
  };
}

export interface ArgoSyncWindow {
  kind?: string;
  schedule?: string;
  duration?: string;
  applications?: string[];
  namespaces?: string[];
  clusters?: string[];
  manualSync?: boolean;
  timeZone?: string;
}

export interface ArgoSyncWindowsResponse {
  assignedWindows?: ArgoSyncWindow[];
  activeWindows?: ArgoSyncWindow[];
  canSync?: boolean;
}

export interface ArgoApplicationSetGenerator {
  [kind: string]: unknown;
}

export interface ArgoApplicationSet {
  metadata?: ArgoObjectMeta;
  spec?: {
    generators?: ArgoApplicationSetGenerator[];
    template?: {
      metadata?: { name?: string };
      spec?: ArgoApplicationSpec;
    };
    strategy?: ArgoApplicationSetStrategy;
  };
  status?: {
    conditions?: Array<{ type?: string; status?: string; message?: string }>;
    resources?: Array<{ name?: string; namespace?: string }>;
    resourcesCount?: number | string;
    health?: { status?: string; message?: string };
    applicationStatus?: ArgoApplicationSetApplicationStatus[] | null;
  };
}

/**
 * A Kubernetes time: RFC 3339 text from Argo CD, or protobuf's
 * `{seconds, nanos}` (v1Time) where an API marshals the proto (Harness).
 */
export type ArgoTime = string | { seconds?: number | string; nanos?: number };

/**
 * An int-or-string: a number or text from Argo CD, or the proto's
 * IntstrIntOrString `{type, intVal, strVal}` (type 0 int, 1 string) from
 * the Harness API.
 */
export type ArgoIntOrString =
  | number
  | string
  | { type?: number | string; intVal?: number; strVal?: string };

/** ApplicationSetStrategy (spec.strategy). */
export interface ArgoApplicationSetStrategy {
  type?: string;
  rollingSync?: {
    steps?: Array<{
      matchExpressions?: Array<{
        key?: string;
        operator?: string;
        values?: string[] | null;
      }> | null;
      maxUpdate?: ArgoIntOrString | null;
    }> | null;
  };
}

/**
 * ApplicationSetApplicationStatus (status.applicationStatus[]): the CRD
 * names the revisions `targetRevisions`, the proto (swagger, Harness's
 * ApplicationsApplicationSetApplicationStatus) `targetrevisions`.
 */
export interface ArgoApplicationSetApplicationStatus {
  application?: string;
  status?: string;
  step?: string | number;
  message?: string;
  targetRevisions?: string[] | null;
  targetrevisions?: string[] | null;
  lastTransitionTime?: ArgoTime | null;
}

export interface ArgoCluster {
  server?: string;
  name?: string;
  namespaces?: string[];
  labels?: Record<string, string>;
  info?: {
    serverVersion?: string;
    connectionState?: {
      status?: string;
      message?: string;
      attemptedAt?: string;
    };
  };
  connectionState?: { status?: string; message?: string; attemptedAt?: string };
  serverVersion?: string;
  config?: Record<string, unknown>;
}

export interface ArgoRepository {
  repo?: string;
  type?: string;
  name?: string;
  project?: string;
  insecure?: boolean;
  username?: string;
  password?: string;
  sshPrivateKey?: string;
  tlsClientCertKey?: string;
  githubAppPrivateKey?: string;
  connectionState?: { status?: string; message?: string; attemptedAt?: string };
}

export interface ArgoVersion {
  Version?: string;
}
