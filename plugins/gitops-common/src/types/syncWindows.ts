import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * A project sync window: when syncs may (allow) or may not (deny) run.
 * @public
 */
export type SyncWindow = GitOpsApiSchemas['SyncWindow'];
