import type { AgentError } from './errors';

/**
 * The period delivery metrics are computed over.
 * @public
 */
export interface DeliveryMetricsWindow {
  from: string;
  to: string;
  days: number;
}

/**
 * One bucket of a delivery metrics trend (a day, or a week for windows
 * longer than two weeks).
 * @public
 */
export interface DeliveryTrendPoint {
  start: string;
  end: string;
  deployments: number;
  failedChanges: number;
  leadTimeMedianSeconds?: number;
}

/**
 * The environment delivery metrics report an application under when it
 * belongs to none of the configured environments (its environment fell back
 * to its cluster's name or server).
 * @public
 */
export const OTHER_ENVIRONMENTS = '(other)';

/**
 * The four DORA delivery metrics of one service in one environment (or of
 * every service in one environment when `service` is absent). See the
 * "Delivery metrics" section of the backend plugin's README for the exact
 * definitions.
 * @public
 */
export interface DeliveryMetrics {
  /** A configured environment's name, or {@link OTHER_ENVIRONMENTS}. */
  environment: string;
  service?: string;
  /** Successful syncs that changed the deployed revision (rollbacks included). */
  deployments: number;
  /**
   * `deployments` per day over the part of the window that recorded history
   * covers (`history.days`, at least one day); not over the whole window
   * when history begins inside it.
   */
  deploymentsPerDay: number;
  /**
   * How much of the window the recorded history covers: from the first
   * event recorded for these applications (or the window's start, when that
   * is later) to the window's end. No `from` and 0 days when nothing was
   * recorded.
   */
  history: { from?: string; days: number };
  /** Commit date to deployment, over deployments of new revisions. */
  leadTime: { medianSeconds?: number; samples: number };
  /** Deployments plus failed syncs. */
  changes: number;
  /** Failed syncs plus deployments followed by a rollback or a Degraded health. */
  failedChanges: number;
  /** `failedChanges / changes`; absent when there were no changes. */
  changeFailureRate?: number;
  /** Degraded or Missing until Healthy again. */
  timeToRestore: {
    medianSeconds?: number;
    samples: number;
    /** Incidents that are still open. */
    ongoing: number;
  };
  lastDeployedAt?: string;
  trend: DeliveryTrendPoint[];
}

/**
 * `GET /entity/:namespace/:kind/:name/metrics`.
 * @public
 */
export interface EntityDeliveryMetricsResponse {
  entityRef: string;
  window: DeliveryMetricsWindow;
  /** One entry per environment, in promotion order. */
  environments: DeliveryMetrics[];
  errors: AgentError[];
}

/**
 * `GET /fleet/metrics`.
 * @public
 */
export interface FleetDeliveryMetricsResponse {
  window: DeliveryMetricsWindow;
  /** One entry per service and environment. */
  items: DeliveryMetrics[];
  /** One entry per environment over all services, in promotion order. */
  environments: DeliveryMetrics[];
  errors: AgentError[];
}

/**
 * What one environment of a service runs, for promotion insight.
 * @public
 */
export interface PromotionEnvironmentState {
  environment: string;
  /** The applications of the service in this environment (keys). */
  applications: string[];
  revision?: string;
  /** The repository (or chart repository) `revision` is of. */
  repoURL?: string;
  /** Image tag running there (or the revision when no tag is known). */
  tag?: string;
  /** Image name (without tag) of that tag. */
  image?: string;
  deployedAt?: string;
  /** Revisions deployed there, newest first (from the deployment history). */
  revisions: string[];
}

/**
 * How the next environment in promotion order compares with the previous one.
 * @public
 */
export type PromotionStatus = 'in-sync' | 'behind' | 'ahead' | 'unknown';

/**
 * What separates environment N (`from`) from environment N+1 (`to`).
 * @public
 */
export interface PromotionStep {
  from: string;
  to: string;
  status: PromotionStatus;
  fromRevision?: string;
  toRevision?: string;
  /** Revisions deployed in `from` that `to` has not run yet. */
  revisionsBehind?: number;
  /** Since when `to` has been behind: the first such deployment in `from`. */
  behindSince?: string;
  /** Seconds from `behindSince` to the time of the answer. */
  behindForSeconds?: number;
  /** Parameters for the `gitops-promote-release` template, when behind. */
  promotion?: {
    environment: string;
    tag: string;
    image?: string;
    /** RepoUrlPicker form: `host?owner=o&repo=r`. */
    repoUrl?: string;
  };
}

/**
 * `GET /entity/:namespace/:kind/:name/promotion`.
 * @public
 */
export interface PromotionInsight {
  entityRef: string;
  generatedAt: string;
  environments: PromotionEnvironmentState[];
  steps: PromotionStep[];
  errors: AgentError[];
}
