import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * The period delivery metrics are computed over.
 * @public
 */
export type DeliveryMetricsWindow = GitOpsApiSchemas['DeliveryMetricsWindow'];

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
export type DeliveryMetrics = GitOpsApiSchemas['DeliveryMetrics'];

/**
 * `GET /entity/:namespace/:kind/:name/metrics`.
 * @public
 */
export type EntityDeliveryMetricsResponse =
  GitOpsApiSchemas['EntityDeliveryMetrics'];

/**
 * `GET /fleet/metrics`.
 * @public
 */
export type FleetDeliveryMetricsResponse =
  GitOpsApiSchemas['FleetDeliveryMetrics'];

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
export type PromotionInsight = GitOpsApiSchemas['PromotionInsight'];
