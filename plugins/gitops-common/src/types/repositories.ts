import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * A source repository known to an agent. Never carries credentials; only
 * whether it has some.
 * @public
 */
export type GitOpsRepository = GitOpsApiSchemas['Repository'];
