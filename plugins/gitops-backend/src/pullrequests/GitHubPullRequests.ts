import { Config } from '@backstage/config';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  DefaultGithubCredentialsProvider,
  GithubCredentialsProvider,
  ScmIntegrationRegistry,
  ScmIntegrations,
} from '@backstage/integration';
import { Octokit } from '@octokit/rest';
import type {
  PullRequestChange,
  PullRequestHost,
  RepositoryFile,
  RepositoryPullRequest,
} from '../service/PullRequestHost';

/** GitHub lists at most this many files of a pull request. */
const MAX_LISTED_FILES = 3000;

/** The status of an Octokit request error, if it is one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A pull request as Octokit answers it (list or get), in the portal's shape. */
function portalShape(
  repoUrl: string,
  p: {
    number: number;
    title: string;
    html_url: string;
    head: { ref: string; sha: string };
    base: { ref: string };
    user: { login: string } | null;
    created_at: string;
  },
): RepositoryPullRequest {
  return {
    repoUrl,
    number: p.number,
    title: p.title,
    htmlUrl: p.html_url,
    branch: p.head.ref,
    baseBranch: p.base.ref,
    headSha: p.head.sha,
    ...(p.user?.login ? { author: p.user.login } : {}),
    createdAt: p.created_at,
  };
}

/** `owner` and `repo` of a repository URL (`https://host/owner/repo.git`). */
function ownerAndRepo(repoUrl: string): { owner: string; repo: string } {
  let parsed: URL;
  try {
    parsed = new URL(repoUrl);
  } catch {
    throw new InputError(`repoUrl ${repoUrl} is not a URL`);
  }
  const [owner, repo] = parsed.pathname.split('/').filter(Boolean);
  if (!owner || !repo) {
    throw new InputError(`repoUrl ${repoUrl} names no owner and repository`);
  }
  return { owner, repo: repo.replace(/\.git$/, '') };
}

/**
 * The hosts of the install's `integrations.github` entries (github.com for
 * an entry without one). Backstage's integrations add github.com when no
 * entry names it; that one is not configured: nothing is read from it.
 */
export function configuredGitHubHosts(config: Config): string[] {
  return (config.getOptionalConfigArray('integrations.github') ?? []).map(
    entry => (entry.getOptionalString('host') ?? 'github.com').toLowerCase(),
  );
}

/**
 * The pull requests of GitOps repositories on GitHub, through the install's
 * GitHub integrations (`integrations.github`): github.com, GitHub
 * Enterprise and the sandbox's git host alike, with the integration's
 * credentials (never returned). Only the configured hosts are served.
 */
export class GitHubPullRequests implements PullRequestHost {
  static fromConfig(config: Config): GitHubPullRequests {
    const integrations = ScmIntegrations.fromConfig(config);
    return new GitHubPullRequests(
      integrations,
      DefaultGithubCredentialsProvider.fromIntegrations(integrations),
      configuredGitHubHosts(config),
    );
  }

  constructor(
    private readonly integrations: ScmIntegrationRegistry,
    private readonly credentials: GithubCredentialsProvider,
    /** The hosts `integrations.github` configures; every integration's when not given. */
    private readonly configuredHosts?: string[],
  ) {}

  /** Whether a repository is on a GitHub host the install configures. */
  serves(repoUrl: string): boolean {
    try {
      const host = this.integrations.github.byUrl(repoUrl)?.config.host;
      if (!host) return false;
      return (
        !this.configuredHosts ||
        this.configuredHosts.includes(host.toLowerCase())
      );
    } catch {
      return false;
    }
  }

  private async client(repoUrl: string) {
    const integration = this.integrations.github.byUrl(repoUrl);
    if (!integration || !this.serves(repoUrl)) {
      throw new InputError(
        `${repoUrl} is on no GitHub host of integrations.github`,
      );
    }
    const { owner, repo } = ownerAndRepo(repoUrl);
    const { token } = await this.credentials.getCredentials({
      url: `https://${integration.config.host}/${owner}/${repo}`,
    });
    const octokit = new Octokit({
      baseUrl: integration.config.apiBaseUrl,
      auth: token,
    });
    return { octokit, owner, repo };
  }

  /** The open pull requests whose branch starts with one of `branchPrefixes`. */
  async listOpen(
    repoUrl: string,
    branchPrefixes: string[],
  ): Promise<RepositoryPullRequest[]> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const pulls = [];
    for (let page = 1; ; page++) {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: 'open',
        per_page: 100,
        page,
      });
      pulls.push(...data);
      if (data.length < 100) break;
    }
    return pulls
      .filter(p => branchPrefixes.some(prefix => p.head.ref.startsWith(prefix)))
      .map(p => portalShape(repoUrl, p));
  }

  /** One open pull request (404 when it is not open). */
  async getOpen(
    repoUrl: string,
    number: number,
  ): Promise<RepositoryPullRequest> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const { data: p } = await octokit.rest.pulls.get({
      owner,
      repo,
      pull_number: number,
    });
    if (p.state !== 'open') {
      throw new NotFoundError(
        `Pull request #${number} of ${repoUrl} is not open`,
      );
    }
    return portalShape(repoUrl, p);
  }

  /**
   * The paths a pull request changes, old and new of a rename (GitHub
   * lists at most 3,000 files; a longer list is refused, never cut).
   */
  async changedFiles(repoUrl: string, number: number): Promise<string[]> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const files = [];
    for (let page = 1; ; page++) {
      const { data } = await octokit.rest.pulls.listFiles({
        owner,
        repo,
        pull_number: number,
        per_page: 100,
        page,
      });
      files.push(...data);
      if (data.length < 100 || files.length >= MAX_LISTED_FILES) break;
    }
    if (files.length >= MAX_LISTED_FILES) {
      throw new InputError(
        `Pull request #${number} of ${repoUrl} changes ${files.length} or more files, more than the host lists: merge it on the host`,
      );
    }
    return [
      ...new Set(
        files.flatMap(f =>
          f.previous_filename
            ? [f.filename, f.previous_filename]
            : [f.filename],
        ),
      ),
    ];
  }

  /** Merges (a merge commit) the pull request at `headSha`; returns the merge commit. */
  async merge(
    repoUrl: string,
    number: number,
    headSha: string,
  ): Promise<{ sha: string }> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const { data } = await octokit.rest.pulls.merge({
      owner,
      repo,
      pull_number: number,
      sha: headSha,
      merge_method: 'merge',
    });
    return { sha: data.sha };
  }

  /** The repository's default branch (what `HEAD` names). */
  async defaultBranch(repoUrl: string): Promise<string> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const { data } = await octokit.rest.repos.get({ owner, repo });
    return data.default_branch;
  }

  /** A branch's head commit, or undefined when `branch` names no branch. */
  async branchHead(
    repoUrl: string,
    branch: string,
  ): Promise<string | undefined> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    try {
      const { data } = await octokit.rest.repos.getBranch({
        owner,
        repo,
        branch,
      });
      return data.commit.sha;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  /**
   * The files of the repository at a commit (its whole tree), or undefined
   * when `commit` is no commit of it; a tree the host truncates is refused.
   */
  async filesAt(
    repoUrl: string,
    commit: string,
  ): Promise<RepositoryFile[] | undefined> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    let tree;
    try {
      ({ data: tree } = await octokit.rest.git.getTree({
        owner,
        repo,
        tree_sha: commit,
        recursive: 'true',
      }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 422) return undefined;
      throw error;
    }
    if (tree.truncated) {
      throw new ConflictError(
        `The tree of ${repoUrl} at ${commit} is larger than the host lists at once`,
      );
    }
    return tree.tree
      .filter(entry => entry.type === 'blob' && entry.path && entry.sha)
      .map(entry => ({
        path: entry.path!,
        sha: entry.sha!,
        mode: entry.mode ?? '100644',
      }));
  }

  /** The text of a blob (UTF-8). */
  async readBlob(repoUrl: string, sha: string): Promise<string> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const { data } = await octokit.rest.git.getBlob({
      owner,
      repo,
      file_sha: sha,
    });
    return Buffer.from(
      data.content,
      data.encoding === 'base64' ? 'base64' : 'utf8',
    ).toString('utf8');
  }

  /**
   * Commits `files` on top of `base` to `branch` (created, or force-moved
   * when it exists and no pull request from it is open) with the git data
   * API, and opens a pull request into `baseBranch`.
   */
  async openPullRequest(
    repoUrl: string,
    request: PullRequestChange,
  ): Promise<RepositoryPullRequest> {
    const { octokit, owner, repo } = await this.client(repoUrl);
    const { data: open } = await octokit.rest.pulls.list({
      owner,
      repo,
      state: 'open',
      head: `${owner}:${request.branch}`,
      per_page: 1,
    });
    if (open.length) {
      throw new ConflictError(
        `Pull request #${open[0].number} (${open[0].html_url}) from ${request.branch} is open already: merge or close it first`,
      );
    }
    const { data: baseCommit } = await octokit.rest.git.getCommit({
      owner,
      repo,
      commit_sha: request.base,
    });
    const { data: tree } = await octokit.rest.git.createTree({
      owner,
      repo,
      base_tree: baseCommit.tree.sha,
      tree: request.files.map(file => {
        if ('remove' in file) {
          return { path: file.path, mode: '100644' as const, sha: null };
        }
        if ('blob' in file) {
          return {
            path: file.path,
            mode: file.blob.mode as '100644',
            type: 'blob' as const,
            sha: file.blob.sha,
          };
        }
        return {
          path: file.path,
          mode: '100644' as const,
          type: 'blob' as const,
          content: file.content,
        };
      }),
    });
    const { data: commit } = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: `${request.title}\n\n${request.body}`,
      tree: tree.sha,
      parents: [request.base],
    });
    const ref = `heads/${request.branch}`;
    const exists = await this.branchHead(repoUrl, request.branch);
    if (exists) {
      await octokit.rest.git.updateRef({
        owner,
        repo,
        ref,
        sha: commit.sha,
        force: true,
      });
    } else {
      await octokit.rest.git.createRef({
        owner,
        repo,
        ref: `refs/${ref}`,
        sha: commit.sha,
      });
    }
    const { data: pull } = await octokit.rest.pulls.create({
      owner,
      repo,
      title: request.title,
      body: request.body,
      head: request.branch,
      base: request.baseBranch,
    });
    return portalShape(repoUrl, pull);
  }
}
