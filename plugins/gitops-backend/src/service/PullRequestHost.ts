import type { PromotionPullRequest } from '@gitops-suite/plugin-gitops-common';

/** An open pull request of a GitOps repository, as the portal shows it (before its environment is known). */
export type RepositoryPullRequest = Omit<PromotionPullRequest, 'environment'>;

/**
 * Where the GitOps repositories' pull requests are read and merged (the
 * GitHub integrations): what the service needs of it, its credentials
 * never among the answers.
 */
export interface PullRequestHost {
  /** Whether a repository is on a host the install integrates. */
  serves(repoUrl: string): boolean;
  /** The open pull requests whose branch starts with `branchPrefix`. */
  listOpen(
    repoUrl: string,
    branchPrefix: string,
  ): Promise<RepositoryPullRequest[]>;
  /** One open pull request (404 when it is not open). */
  getOpen(repoUrl: string, number: number): Promise<RepositoryPullRequest>;
  /**
   * The paths a pull request changes (a renamed file's old path too), as
   * the host lists them: what a merge would write.
   */
  changedFiles(repoUrl: string, number: number): Promise<string[]>;
  /** Merges (a merge commit) the pull request at `headSha`; returns the merge commit. */
  merge(
    repoUrl: string,
    number: number,
    headSha: string,
  ): Promise<{ sha: string }>;
}
