import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BareRepository } from './BareRepository';

/** A pull request on the host. The head SHA is the head branch's, read live. */
export interface HostedPullRequest {
  id: number;
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  user: string;
  labels: string[];
  draft: boolean;
  state: 'open' | 'closed';
  merged: boolean;
  mergeCommitSha: string | null;
  /** The head SHA when the pull request was closed (its branch may move on). */
  closedHeadSha?: string;
  mergedBy?: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
}

/** One repository of the host. */
export interface HostedRepo {
  id: number;
  owner: string;
  name: string;
  description: string | null;
  private: boolean;
  defaultBranch: string;
  createdAt: string;
  pushedAt: string;
  git: BareRepository;
  pulls: HostedPullRequest[];
  topics: string[];
  /** Branch protection as last set (stored, not enforced). */
  protection: Map<string, unknown>;
}

export type RepoListener = (repo: HostedRepo) => void;

/** Accounts the host knows: organizations own repositories; users open pull requests. */
export interface GitHostAccounts {
  /** The login of the token's user. */
  user: string;
  organizations: string[];
}

/**
 * The sandbox's git host: real bare repositories in a temporary directory,
 * the pull requests on them, and a change listener that hears every ref
 * move (REST writes, merges and pushes through smart HTTP).
 */
export class GitHost {
  readonly root: string;
  private readonly repos = new Map<string, HostedRepo>();
  private readonly listeners = new Set<RepoListener>();
  private nextId = 1000;
  private nextPullId = 5000;

  constructor(
    readonly baseUrl: string,
    readonly accounts: GitHostAccounts,
    private readonly now: () => number = Date.now,
  ) {
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-sandbox-githost-'));
  }

  /** `host:port` as the GitHub integration's `host` names it. */
  get host(): string {
    return new URL(this.baseUrl).host;
  }

  get apiBaseUrl(): string {
    return `${this.baseUrl}/api/v3`;
  }

  isOrganization(login: string): boolean {
    return this.accounts.organizations.some(o => o.toLowerCase() === login.toLowerCase());
  }

  isKnownAccount(login: string): boolean {
    return this.isOrganization(login) || login.toLowerCase() === this.accounts.user.toLowerCase();
  }

  addOrganization(login: string) {
    if (!this.isOrganization(login)) this.accounts.organizations.push(login);
  }

  find(owner: string, name: string): HostedRepo | undefined {
    return this.repos.get(`${owner}/${name.replace(/\.git$/, '')}`.toLowerCase());
  }

  all(): HostedRepo[] {
    return [...this.repos.values()];
  }

  async create(options: { owner: string; name: string; description?: string | null; private?: boolean; defaultBranch?: string }): Promise<HostedRepo> {
    const key = `${options.owner}/${options.name}`.toLowerCase();
    if (this.repos.has(key)) throw new Error(`repository ${options.owner}/${options.name} already exists`);
    const defaultBranch = options.defaultBranch ?? 'main';
    const at = new Date(this.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    const repo: HostedRepo = {
      id: this.nextId++,
      owner: options.owner,
      name: options.name,
      description: options.description ?? null,
      private: options.private ?? false,
      defaultBranch,
      createdAt: at,
      pushedAt: at,
      git: await BareRepository.init(path.join(this.root, options.owner, `${options.name}.git`), defaultBranch),
      pulls: [],
      topics: [],
      protection: new Map(),
    };
    this.repos.set(key, repo);
    return repo;
  }

  /** Where a repository is cloned from. */
  cloneUrl(repo: HostedRepo): string {
    return `${this.baseUrl}/${repo.owner}/${repo.name}.git`;
  }

  htmlUrl(repo: HostedRepo): string {
    return `${this.baseUrl}/${repo.owner}/${repo.name}`;
  }

  /** The repository of a clone or web URL on this host. */
  byUrl(url: string): HostedRepo | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.host !== this.host) return undefined;
    const [owner, name] = parsed.pathname.split('/').filter(Boolean);
    return owner && name ? this.find(owner, name) : undefined;
  }

  /** Opens a pull request (the next number, unless it comes with one: scenario pull requests keep theirs). */
  openPullRequest(repo: HostedRepo, input: { number?: number; title: string; body?: string | null; head: string; base: string; user?: string; labels?: string[]; draft?: boolean }, options: { quiet?: boolean } = {}): HostedPullRequest {
    const at = this.timestamp();
    const pull: HostedPullRequest = {
      id: this.nextPullId++,
      number: input.number ?? repo.pulls.reduce((n, p) => Math.max(n, p.number), 0) + 1,
      title: input.title,
      body: input.body ?? null,
      head: input.head,
      base: input.base,
      user: input.user ?? this.accounts.user,
      labels: input.labels ?? [],
      draft: input.draft ?? false,
      state: 'open',
      merged: false,
      mergeCommitSha: null,
      createdAt: at,
      updatedAt: at,
      closedAt: null,
      mergedAt: null,
    };
    repo.pulls.push(pull);
    if (!options.quiet) this.changed(repo);
    return pull;
  }

  /** The SHA a pull request's head is at. */
  headSha(repo: HostedRepo, pull: HostedPullRequest): string {
    return pull.closedHeadSha ?? repo.git.refSha(`refs/heads/${pull.head}`) ?? '0'.repeat(40);
  }

  /**
   * Merges a pull request with a merge commit (GitHub's default method):
   * the base branch moves to it; a conflict or a stale expected head refuses.
   */
  merge(repo: HostedRepo, pull: HostedPullRequest, options: { by?: string; title?: string; message?: string; sha?: string } = {}): { sha: string } | { refused: 'closed' | 'stale' | 'conflict' } {
    if (pull.state !== 'open') return { refused: 'closed' };
    const head = this.headSha(repo, pull);
    if (options.sha && options.sha !== head) return { refused: 'stale' };
    const base = repo.git.refSha(`refs/heads/${pull.base}`);
    if (!base) return { refused: 'conflict' };
    const tree = repo.git.mergeTree(base, head);
    if (!tree) return { refused: 'conflict' };
    const by = options.by ?? this.accounts.user;
    const title = options.title ?? `Merge pull request #${pull.number} from ${repo.owner}/${pull.head}`;
    const sha = repo.git.writeCommit({
      tree,
      parents: [base, head],
      message: options.message ? `${title}\n\n${options.message}` : `${title}\n\n${pull.title}`,
      author: { name: by, email: `${by}@users.noreply.${this.host.split(':')[0]}`, date: new Date(this.now()).toISOString() },
    });
    repo.git.updateRef(`refs/heads/${pull.base}`, sha, base);
    const at = this.timestamp();
    Object.assign(pull, {
      state: 'closed',
      merged: true,
      mergeCommitSha: sha,
      closedHeadSha: head,
      mergedBy: by,
      updatedAt: at,
      closedAt: at,
      mergedAt: at,
    });
    repo.pushedAt = at;
    this.changed(repo);
    return { sha };
  }

  close(repo: HostedRepo, pull: HostedPullRequest) {
    if (pull.state === 'closed') return;
    const at = this.timestamp();
    Object.assign(pull, { state: 'closed', closedHeadSha: this.headSha(repo, pull), updatedAt: at, closedAt: at });
    this.changed(repo);
  }

  /** Hears every change of a repository's refs or pull requests. */
  onChange(listener: RepoListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something moved in a repository (a ref, a pull request): tell the listeners. */
  changed(repo: HostedRepo) {
    repo.pushedAt = this.timestamp();
    for (const listener of this.listeners) listener(repo);
  }

  timestamp(): string {
    return new Date(this.now()).toISOString().replace(/\.\d+Z$/, 'Z');
  }

  /** Removes the repositories from disk. */
  dispose() {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
