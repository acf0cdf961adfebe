import { GitRepository, Signing, Commit } from './GitRepository';

export interface RepositoryDefaults {
  commits?: number;
  signing?: Signing;
  version?: string;
  subject?: string;
}

/**
 * The git repositories an agent sees. Agents share the scenario's
 * repositories through a `base` catalog and copy one on the first push
 * (copy on write), so each agent's git can move and be reset on its own
 * while SHAs stay the same everywhere (they derive from repo URL and index).
 * Unknown repositories are created on first use, so literal Applications
 * from real payloads still resolve their revisions.
 */
export class GitCatalog {
  private readonly repos = new Map<string, GitRepository>();
  private resolver?: (url: string) => GitRepository | undefined;

  constructor(
    private readonly seed: string,
    private readonly now: number,
    private readonly base?: GitCatalog,
  ) {}

  /** The repository of a URL, created with the given defaults on first use. */
  repository(url: string, defaults: RepositoryDefaults = {}): GitRepository {
    const key = normalizeRepoUrl(url);
    let repo = this.repos.get(key) ?? this.base?.find(url);
    if (!repo) {
      repo = new GitRepository({
        url,
        seed: this.seed,
        now: this.now,
        commits: defaults.commits ?? 8,
        signing: defaults.signing ?? 'unsigned',
        version: defaults.version ?? '1.0',
        subject: defaults.subject ?? lastSegment(url),
      });
      this.repos.set(key, repo);
    }
    return repo;
  }

  /** The repository of a URL if it exists (or the resolver finds it now). */
  find(url: string): GitRepository | undefined {
    const key = normalizeRepoUrl(url);
    const known = this.repos.get(key) ?? this.base?.find(url);
    if (known) return known;
    const resolved = this.resolver?.(url);
    if (resolved) this.repos.set(key, resolved);
    return resolved;
  }

  /**
   * Where repositories made after start come from (the git host's new
   * ones): asked once for a URL this catalog and its base do not know.
   */
  resolveWith(resolver: (url: string) => GitRepository | undefined) {
    this.resolver = resolver;
  }

  /** The repository to change (copied from the base on first write). */
  writable(url: string): GitRepository | undefined {
    const key = normalizeRepoUrl(url);
    const own = this.repos.get(key);
    if (own) return own;
    const shared = this.base?.find(url);
    if (!shared) return undefined;
    const copy = shared.clone();
    this.repos.set(key, copy);
    return copy;
  }

  /** Finds a commit by SHA in any repository. */
  findCommit(sha: string): { repo: GitRepository; commit: Commit } | undefined {
    for (const repo of this.all()) {
      const commit = repo.bySha1(sha);
      if (commit) return { repo, commit };
    }
    return undefined;
  }

  all(): GitRepository[] {
    const own = [...this.repos.values()];
    const urls = new Set(this.repos.keys());
    const shared = (this.base?.all() ?? []).filter(r => !urls.has(normalizeRepoUrl(r.url)));
    return [...own, ...shared];
  }
}

/** Repo URLs compare without a trailing `.git` or `/`, case-insensitively. */
export function normalizeRepoUrl(url: string): string {
  return url.trim().replace(/\/+$/, '').replace(/\.git$/, '').toLowerCase();
}

function lastSegment(url: string): string {
  const parts = normalizeRepoUrl(url).split('/');
  return parts[parts.length - 1] || 'repo';
}
