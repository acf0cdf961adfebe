import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * A period during which an application's live state differed from its
 * desired state. `endedAt` is absent while it still drifts.
 * @public
 */
export type DriftEvent = GitOpsApiSchemas['DriftEvent'];
