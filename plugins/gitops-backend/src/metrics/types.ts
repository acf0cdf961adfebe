import type { HealthStatusCode } from '@gitops-suite/plugin-gitops-common';

/** Which application (and which service instance) an event belongs to. */
export interface AppIdentity {
  /** `applicationKey(agentId, namespace, name)`. */
  appKey: string;
  agentId: string;
  application: string;
  appNamespace?: string;
  service?: string;
  environment: string;
}

/** A successful sync: one entry of an application's history. */
export interface DeploymentEvent extends AppIdentity {
  historyId: number;
  revision: string;
  deployedAt: string;
  /** Commit date of the revision (from its metadata), when known. */
  commitDate?: string;
  /** Whether the revision differs from the previous deployment's. */
  revisionChanged: boolean;
  /** Whether it went back to a revision deployed before the previous one. */
  rollback: boolean;
}

/** A sync operation that ended `Failed` or `Error`. */
export interface SyncFailureEvent extends AppIdentity {
  startedAt: string;
  finishedAt: string;
  revision?: string;
  phase: 'Failed' | 'Error';
}

/** A period an application was Degraded or Missing (open while `endedAt` is absent). */
export interface UnhealthyPeriod extends AppIdentity {
  health: Extract<HealthStatusCode, 'Degraded' | 'Missing'>;
  startedAt: string;
  endedAt?: string;
}

/** A rollback the portal performed (from the audit trail). */
export interface RollbackMark {
  appKey: string;
  at: string;
}

/** Everything delivery metrics are computed from. */
export interface DeliveryEvents {
  deployments: DeploymentEvent[];
  failures: SyncFailureEvent[];
  unhealthy: UnhealthyPeriod[];
  rollbacks: RollbackMark[];
}
