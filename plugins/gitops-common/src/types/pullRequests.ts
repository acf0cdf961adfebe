import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * An open promotion pull request of a repository an entity deploys from.
 * @public
 */
export type PromotionPullRequest = GitOpsApiSchemas['PromotionPullRequest'];

/**
 * An entity's open promotion pull requests, and the repositories that could
 * not be read.
 * @public
 */
export type PromotionPullRequestList =
  GitOpsApiSchemas['PromotionPullRequestList'];

/**
 * What merging a promotion pull request from the portal answers.
 * @public
 */
export type PullRequestMergeResponse =
  GitOpsApiSchemas['PullRequestMergeResponse'];
