import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * Where an application's desired state comes from.
 * @public
 */
export type ApplicationSource = GitOpsApiSchemas['ApplicationSource'];

/**
 * Where an application deploys to.
 * @public
 */
export type ApplicationDestination =
  GitOpsApiSchemas['Application']['destination'];

/**
 * How an application is kept in sync.
 * @public
 */
export type SyncPolicy = GitOpsApiSchemas['Application']['syncPolicy'];

/**
 * The state of an application's current or last operation.
 * @public
 */
export type OperationState = NonNullable<
  GitOpsApiSchemas['Application']['operation']
>;

/**
 * One deployment in an application's history; rollback targets its `id`.
 * @public
 */
export type HistoryEntry = GitOpsApiSchemas['Application']['history'][number];

/**
 * An application, normalized from whichever agent serves it.
 * @public
 */
export type GitOpsApplication = GitOpsApiSchemas['Application'];
