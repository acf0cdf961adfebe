import {
  AppIdentity,
  DeliveryEvents,
  DeploymentEvent,
  SyncFailureEvent,
  UnhealthyPeriod,
} from './types';

/** Which recorded events to read. */
export interface DeliveryEventQuery {
  /** Only these applications (all when absent). */
  appKeys?: string[];
  /** Events that ended (or were open) at or after this ISO time. */
  since: string;
}

/**
 * The recorded deployments, failed syncs and unhealthy periods that delivery
 * metrics are computed from, filled incrementally and shared by replicas.
 */
export interface DeliveryEventStore {
  /** Every recorded deployment of the given applications. */
  listDeployments(appKeys: string[]): Promise<DeploymentEvent[]>;

  /** Records deployments; ones already recorded are left unchanged. */
  addDeployments(deployments: DeploymentEvent[]): Promise<void>;

  /** Deployments whose revision metadata was not asked for yet, newest first. */
  deploymentsWithoutCommitDate(
    appKeys: string[] | undefined,
    limit: number,
  ): Promise<DeploymentEvent[]>;

  /** Sets (or, with `undefined`, marks as unknowable) a revision's commit date. */
  setCommitDate(
    appKey: string,
    revision: string,
    commitDate: string | undefined,
  ): Promise<void>;

  /** Records a failed sync once; `false` when it was recorded already. */
  addSyncFailure(failure: SyncFailureEvent): Promise<boolean>;

  /**
   * Records the health an application was observed in at `at`: opens an
   * unhealthy period on Degraded or Missing, closes the open one on Healthy.
   * Idempotent across replicas recording the same change: one open period
   * per application, closed once.
   */
  observeHealth(
    app: AppIdentity,
    health: string,
    at: string,
  ): Promise<'opened' | 'closed' | 'unchanged'>;

  /** The unhealthy periods of an agent's applications that are still open. */
  listOpenUnhealthy(agentId: string): Promise<UnhealthyPeriod[]>;

  /** When each of the given applications last deployed, of those recorded. */
  lastDeployedAt(appKeys: string[]): Promise<Map<string, string>>;

  /**
   * When the recording of each application began: its earliest recorded
   * deployment, failed sync or unhealthy period (ISO time by app key), for
   * the given applications or all.
   */
  firstEventTimes(appKeys: string[] | undefined): Promise<Map<string, string>>;

  /** The events metrics over a window need. */
  listEvents(
    query: DeliveryEventQuery,
  ): Promise<Omit<DeliveryEvents, 'rollbacks'>>;
}
