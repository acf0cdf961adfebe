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
export type DeliveryTrendPoint =
  GitOpsApiSchemas['DeliveryMetrics']['trend'][number];

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
export type PromotionEnvironmentState =
  GitOpsApiSchemas['PromotionInsight']['environments'][number];

/**
 * How the next environment in promotion order compares with the previous one.
 * @public
 */
export type PromotionStatus = PromotionStep['status'];

/**
 * What separates environment N (`from`) from environment N+1 (`to`).
 * @public
 */
export type PromotionStep =
  GitOpsApiSchemas['PromotionInsight']['steps'][number];

/**
 * `GET /entity/:namespace/:kind/:name/promotion`.
 * @public
 */
export type PromotionInsight = GitOpsApiSchemas['PromotionInsight'];
