import type {
  GitOpsApiRequestBody,
  GitOpsApiSchemas,
} from '../client/gitopsApiClient';
import type { HealthStatusCode, SyncStatusCode } from './status';

/**
 * The applications of one environment.
 * @public
 */
export type EnvironmentGroup = GitOpsApiSchemas['EnvironmentGroup'];

/**
 * The applications of a catalog entity, grouped by environment in promotion
 * order.
 * @public
 */
export type EntityApplicationsResponse = GitOpsApiSchemas['EntityApplications'];

/**
 * Counts over the whole fleet.
 * @public
 */
export type FleetSummary = GitOpsApiSchemas['FleetSummary'];

/**
 * Narrows the fleet list. Values within one field are alternatives (OR);
 * fields combine (AND); an absent or empty field does not narrow.
 * @public
 */
export interface FleetApplicationFilter {
  agent?: string[];
  environment?: string[];
  /** The region of the serving agent. */
  region?: string[];
  health?: HealthStatusCode[];
  sync?: SyncStatusCode[];
  project?: string[];
  /** Whitespace-separated terms, each matched case-insensitively. */
  search?: string;
  /** Only the applications that need attention (`needsAttention`). */
  attention?: boolean;
  /**
   * The destination cluster by name; an application sent to a server
   * matches by `server` when given, else when its server is named here.
   */
  cluster?: string[];
  /** The destination cluster's API server URL (trailing slashes ignored). */
  server?: string[];
}

/**
 * Asks to sync an application.
 * @public
 */
export type SyncRequest = GitOpsApiRequestBody<
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
  'post'
>;

/**
 * A sync option the sync dialog offers, as Argo CD spells it
 * (`ServerSideApply=true`).
 * @public
 */
export type SyncOption = GitOpsApiSchemas['SyncOption'];

/**
 * Retries of a failed sync: a limit and a backoff (Argo CD's `retryStrategy`).
 * @public
 */
export type SyncRetry = GitOpsApiSchemas['SyncRetry'];

/**
 * Asks to roll an application back to a history entry.
 * @public
 */
export type RollbackRequest = GitOpsApiRequestBody<
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/rollback',
  'post'
>;

/**
 * Asks to turn an application's automated sync, prune and self-heal on or
 * off, with the reason the audit keeps.
 * @public
 */
export type SyncPolicyRequest = GitOpsApiSchemas['SyncPolicyRequest'];

/**
 * An application's automated sync policy as an agent is asked to set it:
 * prune and self-heal apply to automated syncs only.
 * @public
 */
export type AutomatedSyncPolicy = Omit<SyncPolicyRequest, 'reason'>;

/**
 * Asks to refresh an application (`hard` also regenerates manifests).
 * @public
 */
export type RefreshRequest = GitOpsApiRequestBody<
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/refresh',
  'post'
>;

/**
 * What an operation answers: its audit id and the application after it.
 * @public
 */
export type OperationResponse = GitOpsApiSchemas['OperationResponse'];
