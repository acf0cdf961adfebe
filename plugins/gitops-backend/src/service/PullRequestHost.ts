import type { PromotionPullRequest } from '@gitops-suite/plugin-gitops-common';

/** An open pull request of a GitOps repository, as the portal shows it (before its environment is known). */
export type RepositoryPullRequest = Omit<
  PromotionPullRequest,
  'environment' | 'tag' | 'kind' | 'application' | 'historyId'
>;

/** A file of a repository at one commit: its path, blob and mode. */
export interface RepositoryFile {
  path: string;
  sha: string;
  mode: string;
}

/** One file a commit writes: new text, an existing blob of the repository, or nothing (removed). */
export type FileWrite =
  | { path: string; content: string }
  | { path: string; blob: { sha: string; mode: string } }
  | { path: string; remove: true };

/**
 * A pull request to open: `files` committed on top of `base` (a commit of
 * `baseBranch`) to `branch`, proposed into `baseBranch`.
 */
export interface PullRequestChange {
  baseBranch: string;
  base: string;
  branch: string;
  title: string;
  body: string;
  files: FileWrite[];
}

/**
 * Where the GitOps repositories' pull requests are read, opened and merged
 * (the GitHub integrations): what the service needs of it, its credentials
 * never among the answers.
 */
export interface PullRequestHost {
  /** Whether a repository is on a host the install integrates. */
  serves(repoUrl: string): boolean;
  /** The open pull requests whose branch starts with one of `branchPrefixes`. */
  listOpen(
    repoUrl: string,
    branchPrefixes: string[],
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
  /** The repository's default branch (what `HEAD` names). */
  defaultBranch(repoUrl: string): Promise<string>;
  /** A branch's head commit, or undefined when `branch` names no branch. */
  branchHead(repoUrl: string, branch: string): Promise<string | undefined>;
  /**
   * The files of the repository at a commit, or undefined when `commit` is
   * no commit of it.
   */
  filesAt(
    repoUrl: string,
    commit: string,
  ): Promise<RepositoryFile[] | undefined>;
  /** The text of a blob. */
  readBlob(repoUrl: string, sha: string): Promise<string>;
  /**
   * Commits `files` on top of `base` (a commit of `baseBranch`) to `branch`
   * (created, or moved there when it exists) and opens a pull request from
   * it into `baseBranch`. Refuses (409) while a pull request from `branch`
   * is open.
   */
  openPullRequest(
    repoUrl: string,
    request: PullRequestChange,
  ): Promise<RepositoryPullRequest>;
}
