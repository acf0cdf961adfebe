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
}
