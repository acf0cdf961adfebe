import { hashInt, sha1Hex } from '../util/hash';
import { HOUR } from '../util/time';

/** One commit of a sandbox git repository. */
export interface Commit {
  sha: string;
  /** 0 for the first commit; the head has the highest index. */
  index: number;
  message: string;
  author: { name: string; email: string };
  /** Commit time, epoch milliseconds. */
  date: number;
  tags: string[];
  signed: boolean;
  /** GnuPG key id of the signature (signed commits only). */
  keyId?: string;
  /**
   * The image tag each source path deploys at this commit (repositories on
   * the git host: read from the path's kustomization); otherwise the
   * commit's version stands for every path.
   */
  imageTags?: Record<string, string>;
}

/** A commit of a repository on the git host, as git recorded it. */
export interface HostedCommit {
  sha: string;
  message: string;
  author: { name: string; email: string };
  date: number;
  imageTags?: Record<string, string>;
}

/** Where a repository on the sandbox's git host is written. */
export interface GitRemote {
  /** A new commit on the default branch (someone pushed); returns it as the model sees it. */
  push(options: { message?: string; signed?: boolean; date: number }): Commit;
}

export type Signing = 'signed' | 'unsigned' | 'mixed';

/** An open pull request on the simulated git host. */
export interface PullRequest {
  number: number;
  title: string;
  branch: string;
  targetBranch: string;
  headSha: string;
  author: string;
  labels: string[];
}

const AUTHORS = [
  { name: 'Jane Doe', email: 'jane.doe@acme.example' },
  { name: 'Ravi Patel', email: 'ravi.patel@acme.example' },
  { name: 'Chen Wei', email: 'chen.wei@acme.example' },
  { name: 'Fatima Okafor', email: 'fatima.okafor@acme.example' },
  { name: 'Lukas Becker', email: 'lukas.becker@acme.example' },
  { name: 'release-bot', email: 'release-bot@acme.example' },
];

const MESSAGES = [
  'chore({subject}): bump image to {version}',
  'feat({subject}): roll out {version}',
  'fix({subject}): raise memory limit',
  'chore({subject}): update base image',
  'feat({subject}): enable readiness probe',
  'fix({subject}): correct config for {version}',
  'chore(deps): update helm chart dependencies',
  'refactor({subject}): split config map',
];

/** GnuPG key ids of the sandbox's (fake) signers. */
export const SIGNING_KEY_IDS: Record<string, string> = {
  'release-bot@acme.example': '4AEE18F83AFDEB23',
  'jane.doe@acme.example': '1B2C3D4E5F607182',
  'ravi.patel@acme.example': '9C8B7A6F5E4D3C2B',
  'chen.wei@acme.example': 'A1B2C3D4E5F60718',
  'fatima.okafor@acme.example': 'F0E1D2C3B4A59687',
  'lukas.becker@acme.example': '0123456789ABCDEF',
};

export interface GitRepositoryOptions {
  url: string;
  seed: string;
  /** Reference time: the head commit is a little older than this. */
  now: number;
  commits: number;
  signing: Signing;
  /** major.minor of the versions the commits are tagged with. */
  version: string;
  /** Name used in commit messages (a service name). */
  subject: string;
}

/**
 * A git repository as the sandbox models it: a linear history of commits
 * with deterministic SHAs, tags `v<major>.<minor>.<index>`, signatures, plus
 * the directories and files generators can discover.
 */
export class GitRepository {
  readonly url: string;
  readonly commits: Commit[] = [];
  readonly directories = new Set<string>();
  readonly files = new Map<string, unknown>();
  /** Open pull requests (pullRequest generator). */
  readonly pullRequests: PullRequest[] = [];
  /**
   * Branches that follow the head, besides main: the source hydrator's sync
   * branches (`environments/dev`), where the hydrated commits land.
   */
  readonly branches = new Set<string>();
  /** Repository topics/labels (scmProvider labelMatch). */
  readonly labels: string[] = [];
  readonly version: string;
  private readonly seed: string;
  private readonly signing: Signing;
  private readonly subject: string;
  /** Set for repositories that live on the git host: git is the truth, pushes go there. */
  remote?: GitRemote;
  private adopted = false;
  private readonly bySha = new Map<string, Commit>();
  private readonly byTag = new Map<string, Commit>();

  constructor(options: GitRepositoryOptions) {
    this.url = options.url;
    this.seed = options.seed;
    this.signing = options.signing;
    this.version = options.version;
    this.subject = options.subject;
    const spacing = 6 * HOUR + (hashInt(options.url) % (18 * HOUR));
    for (let i = 0; i < options.commits; i++) {
      const age = (options.commits - i) * spacing - (hashInt(`${options.url}${i}`) % HOUR);
      this.append(options.now - age);
    }
  }

  /** An independent copy (commits are immutable and shared). */
  clone(): GitRepository {
    // a hosted repository is one for every agent: its history lives in git
    if (this.remote) return this;
    const copy: GitRepository = Object.create(GitRepository.prototype);
    Object.assign(copy, this, {
      commits: [...this.commits],
      directories: new Set(this.directories),
      files: new Map(this.files),
      pullRequests: [...this.pullRequests],
      labels: [...this.labels],
      bySha: new Map(this.bySha),
      byTag: new Map(this.byTag),
    });
    return copy;
  }

  /**
   * Every directory of the tree, as the repo server lists them for a git
   * directories generator: the declared ones, their parents and the
   * directories of files, without the root and without hidden directories
   * (a segment starting with `.`, which the repo server's walk skips).
   */
  allDirectories(): string[] {
    const out = new Set<string>();
    const addWithParents = (dir: string) => {
      const parts = dir.split('/').filter(Boolean);
      for (let i = 1; i <= parts.length; i++) {
        if (parts[i - 1].startsWith('.')) break;
        out.add(parts.slice(0, i).join('/'));
      }
    };
    for (const dir of this.directories) addWithParents(dir);
    for (const file of this.files.keys()) addWithParents(file.split('/').slice(0, -1).join('/'));
    return [...out].sort();
  }

  get head(): Commit {
    return this.commits[this.commits.length - 1];
  }

  /** The version (and image tag) a commit stands for: major.minor.index. */
  versionOf(commit: Commit): string {
    return `${this.version}.${commit.index}`;
  }

  /** Resolves a ref: HEAD, a branch (main, master, ...), a tag, or a (short) SHA. */
  resolve(ref: string | undefined): Commit | undefined {
    if (!ref || ref === 'HEAD' || ref === 'main' || ref === 'master' || ref === 'trunk' || this.branches.has(ref)) {
      return this.head;
    }
    const tagged = this.byTag.get(ref);
    if (tagged) return tagged;
    if (/^[0-9a-f]{7,40}$/.test(ref)) {
      if (ref.length === 40) return this.bySha.get(ref);
      return this.commits.find(c => c.sha.startsWith(ref));
    }
    if (ref.startsWith('refs/heads/')) return this.resolve(ref.slice('refs/heads/'.length));
    if (ref.startsWith('refs/tags/')) return this.byTag.get(ref.slice('refs/tags/'.length));
    return undefined;
  }

  bySha1(sha: string): Commit | undefined {
    return this.bySha.get(sha);
  }

  tagOf(commit: Commit): string {
    return commit.tags[0];
  }

  /** Adds a commit at the head (someone pushed). */
  push(options: { message?: string; signed?: boolean; date: number; authorEmail?: string }): Commit {
    if (this.remote) return this.remote.push(options);
    const commit = this.append(options.date, options.message, options.signed, options.authorEmail);
    return commit;
  }

  private append(date: number, message?: string, signed?: boolean, authorEmail?: string): Commit {
    const index = this.commits.length;
    const sha = sha1Hex(this.seed, 'commit', this.url, index);
    const h = hashInt(sha);
    const author =
      AUTHORS.find(a => a.email === authorEmail) ?? AUTHORS[h % AUTHORS.length];
    const version = `${this.version}.${index}`;
    const isSigned =
      signed ??
      (this.signing === 'signed' || (this.signing === 'mixed' && index % 2 === 0));
    const commit: Commit = {
      sha,
      index,
      message:
        message ??
        MESSAGES[h % MESSAGES.length]
          .replace('{subject}', this.subject)
          .replace('{version}', version),
      author,
      date,
      tags: [`v${version}`],
      signed: isSigned,
      keyId: isSigned ? SIGNING_KEY_IDS[author.email] : undefined,
    };
    this.commits.push(commit);
    this.bySha.set(sha, commit);
    this.byTag.set(commit.tags[0], commit);
    return commit;
  }

  /**
   * Takes the history of the default branch from git (oldest first): the
   * commits keep their index, version tag and signature state by position,
   * so a seeded repository reads as the simulated one did, with real SHAs.
   */
  adoptHistory(history: HostedCommit[]) {
    const previous = [...this.commits];
    this.commits.length = 0;
    this.bySha.clear();
    this.byTag.clear();
    history.forEach((entry, index) => {
      const before = previous[index];
      // the first adoption maps the simulated commits onto their seeded twins
      const same = before !== undefined && (!this.remote || before.sha === entry.sha || !this.adopted);
      const signed = same ? before.signed : false;
      const commit: Commit = {
        sha: entry.sha,
        index,
        message: entry.message,
        author: entry.author,
        date: entry.date,
        tags: [`v${this.version}.${index}`],
        signed,
        keyId: same ? before.keyId : undefined,
        imageTags: entry.imageTags,
      };
      this.commits.push(commit);
      this.bySha.set(commit.sha, commit);
      this.byTag.set(commit.tags[0], commit);
    });
    this.adopted = true;
  }
}
