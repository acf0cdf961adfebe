import type {
  AuditEvent,
  DriftEvent,
  HealthStatusCode,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';

/**
 * An audited operation as the store returns it: an {@link AuditEvent}, plus
 * the namespace of the target Application when it lives outside the agent's
 * control-plane namespace (apps in any namespace).
 * @public
 */
export type AuditOperation = AuditEvent & { appNamespace?: string };

/**
 * A drift period as the store returns it: a {@link DriftEvent}, plus the
 * Application's namespace when it has one.
 * @public
 */
export type DriftRecord = DriftEvent & { appNamespace?: string };

/**
 * What is known about an operation before the agent is called.
 * @public
 */
export type StartOperationInput = Omit<
  AuditEvent,
  'id' | 'outcome' | 'startedAt' | 'finishedAt' | 'origin'
> & {
  appNamespace?: string;
};

/**
 * A deployment the fleet recorder read from an application's history that
 * no portal operation explains: recorded once per history entry, with
 * origin `agent` and outcome `succeeded`.
 * @public
 */
export interface AgentOperationInput {
  agentId: string;
  application: string;
  appNamespace?: string;
  environment?: string;
  /** The entry's `initiatedBy`; absent for an automated sync. */
  initiatedBy?: string;
  /** The entry's id in `status.history`. */
  historyId: number;
  revision?: string;
  /** When the sync started (`deployStartedAt`), else when it finished. */
  startedAt: string;
  /** When the sync finished (`deployedAt`). */
  finishedAt: string;
}

/**
 * How an operation ended, once the agent answered (or failed to).
 * @public
 */
export interface CompleteOperationInput {
  /** `refused`: the portal refused it before calling the agent. */
  outcome: 'succeeded' | 'failed' | 'refused';
  message?: string;
}

/**
 * What narrows both audit lists, operations and drift events, a page at a
 * time, newest first. Fields combine (AND); an absent field does not
 * narrow.
 * @public
 */
export interface AuditListFilter {
  entityRef?: string;
  agentId?: string;
  /** Application name; combine with `agentId` for an exact application. */
  application?: string;
  appNamespace?: string;
  /** Only rows of entities among these refs (a team's entities). */
  entityRefs?: string[];
  environment?: string;
  /** At most this many rows (default 100, 1 to 500). */
  limit?: number;
  /** Only rows started strictly before this ISO 8601 time (paging). */
  before?: string;
}

/**
 * Narrows `AuditStore.listOperations`.
 * @public
 */
export interface OperationFilter extends AuditListFilter {
  /**
   * Only operations with this outcome as listed: `unknown` is a `pending`
   * row older than the staleness window, `pending` one that is not.
   */
  outcome?: AuditEvent['outcome'];
  origin?: AuditEvent['origin'];
}

/**
 * Identifies one application on one agent.
 * @public
 */
export interface ApplicationLocator {
  agentId: string;
  /** Application name. */
  application: string;
  /**
   * Application namespace (apps in any namespace). Absent means the
   * application was recorded without one; the two never match each other.
   */
  appNamespace?: string;
}

/**
 * What the fleet recorder knows when it sees an application drift.
 * @public
 */
export interface DriftStartInput extends ApplicationLocator {
  entityRef?: string;
  environment?: string;
  syncStatus: SyncStatusCode;
  health?: HealthStatusCode;
  revision?: string;
  /** When the drift was observed (ISO 8601); defaults to now. */
  startedAt?: string;
}

/**
 * Narrows `AuditStore.listDriftEvents`.
 * @public
 */
export interface DriftEventFilter extends AuditListFilter {
  /** `true`: only ongoing drift; `false`: only drift that has ended. */
  open?: boolean;
  /** Only events still open at, or ended after, this ISO 8601 time. */
  since?: string;
}
