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

/**
 * Asks to roll an application back in Git: a pull request that puts what a
 * history entry deployed back (or, with `dryRun`, what it would change).
 * @public
 */
export type RevertRequest = GitOpsApiSchemas['RevertRequest'];

/**
 * One thing a revert in Git puts back, in one file.
 * @public
 */
export type RevertChange = GitOpsApiSchemas['RevertChange'];

/**
 * What a revert in Git answers: the pull request (none on a dry run) and
 * what it changes.
 * @public
 */
export type RevertResponse = GitOpsApiSchemas['RevertResponse'];
