import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * Matches an application's destination to an environment. Every given field
 * must match; each is a glob where `*` stands for any run of characters.
 * @public
 */
export type EnvironmentMatcher = GitOpsApiSchemas['EnvironmentMatcher'];

/**
 * One configured environment (`gitops.environments[]`).
 * @public
 */
export type EnvironmentDefinition = GitOpsApiSchemas['Environment'];
