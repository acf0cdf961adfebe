import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * The last connection attempt of an agent to a cluster or repository.
 * @public
 */
export type GitOpsConnectionState = GitOpsApiSchemas['ConnectionState'];

/**
 * A deploy target behind an agent. Never carries credentials.
 * @public
 */
export type GitOpsCluster = GitOpsApiSchemas['Cluster'];
