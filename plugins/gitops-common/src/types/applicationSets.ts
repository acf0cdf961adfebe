import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * An ApplicationSet, summarized: its generators, template and the
 * applications it produced.
 * @public
 */
export type GitOpsApplicationSet = GitOpsApiSchemas['ApplicationSet'];
