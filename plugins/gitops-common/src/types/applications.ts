import type {
  HealthStatusCode,
  OperationPhase,
  SyncStatusCode,
} from './status';

/**
 * Where an application's desired state comes from.
 * @public
 */
export interface ApplicationSource {
  repoURL: string;
  path?: string;
  targetRevision?: string;
  /** Helm chart name, for sources that are Helm repositories. */
  chart?: string;
  /** A multi-source reference name (`$values`). */
  ref?: string;
  type: 'helm' | 'kustomize' | 'directory' | 'plugin' | 'unknown';
  helm?: {
    releaseName?: string;
    valueFiles?: string[];
    parameters?: Array<{ name: string; value: string }>;
  };
  kustomize?: {
    images?: string[];
    namePrefix?: string;
    nameSuffix?: string;
  };
}

/**
 * Where an application deploys to.
 * @public
 */
export interface ApplicationDestination {
  server?: string;
  /** The cluster name (alternative to `server`). */
  name?: string;
  namespace?: string;
}

/**
 * How an application is kept in sync.
 * @public
 */
export interface SyncPolicy {
  automated: boolean;
  prune: boolean;
  selfHeal: boolean;
  /** Sync options such as `CreateNamespace=true`. */
  syncOptions: string[];
}

/**
 * The state of an application's current or last operation.
 * @public
 */
export interface OperationState {
  phase: OperationPhase;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  revision?: string;
  /** Revisions of a multi-source application, one per source. */
  revisions?: string[];
  initiatedBy?: string;
  dryRun?: boolean;
  retryCount?: number;
}

/**
 * One deployment in an application's history; rollback targets its `id`.
 * @public
 */
export interface HistoryEntry {
  id: number;
  revision?: string;
  revisions?: string[];
  deployedAt?: string;
  deployStartedAt?: string;
  sources?: ApplicationSource[];
  initiatedBy?: string;
}

/**
 * An application, normalized from whichever agent serves it.
 * @public
 */
export interface GitOpsApplication {
  /**
   * Unique across the fleet: `${agentId}:${namespace ?? ''}/${name}`.
   * Build it with `applicationKey()`.
   */
  key: string;
  agentId: string;
  /** The kind of the serving agent (`argocd`, `harness`). */
  agentKind: string;
  name: string;
  /** The Application's own namespace (apps in any namespace). */
  namespace?: string;
  project: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  sources: ApplicationSource[];
  multiSource: boolean;
  destination: ApplicationDestination;
  /** The destination cluster's name, when the agent knows it. */
  clusterName?: string;
  /** The resolved environment (see `resolveEnvironment()`). */
  environment: string;
  /** The GitOps service this application deploys, when labelled. */
  service?: string;
  sync: {
    status: SyncStatusCode;
    revision?: string;
    revisions?: string[];
    comparedAt?: string;
  };
  health: { status: HealthStatusCode; message?: string };
  operation?: OperationState;
  history: HistoryEntry[];
  /** Container images the application runs. */
  images: string[];
  syncPolicy: SyncPolicy;
  createdAt?: string;
  reconciledAt?: string;
  lastSyncedAt?: string;
  /** Where a user opens this application in the agent's UI. */
  uiUrl?: string;
  /** The ApplicationSet that generated this application. */
  applicationSet?: string;
  resourceCounts?: { total: number; outOfSync: number; unhealthy: number };
}
