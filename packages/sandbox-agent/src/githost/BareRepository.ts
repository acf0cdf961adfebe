import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GitCommandError, gitText, runGit, runGitAsync } from './gitCli';

/** A person and time of a commit, as git records them. */
export interface GitSignature {
  name: string;
  email: string;
  /** ISO 8601 */
  date: string;
}

export interface GitCommitData {
  sha: string;
  tree: string;
  parents: string[];
  author: GitSignature;
  committer: GitSignature;
  message: string;
}

export interface GitTreeEntry {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

/** One change of a tree, as GitHub's create-a-tree takes it. */
export interface TreeChange {
  path: string;
  mode: string;
  /** A blob SHA; `null` deletes the path. */
  sha?: string | null;
  content?: string;
}

const SHA = /^[0-9a-f]{40}$/;

function signatureEnv(
  prefix: 'AUTHOR' | 'COMMITTER',
  who: Partial<GitSignature> | undefined,
) {
  const env: Record<string, string> = {
    [`GIT_${prefix}_NAME`]: who?.name || 'Sandbox Git Host',
    [`GIT_${prefix}_EMAIL`]: who?.email || 'git-host@sandbox.local',
  };
  if (who?.date) env[`GIT_${prefix}_DATE`] = who.date;
  return env;
}

/**
 * A bare git repository on disk, read and written through git itself:
 * the object, ref, merge and archive operations the sandbox's GitHub REST
 * subset needs.
 */
export class BareRepository {
  constructor(readonly gitDir: string) {}

  /** A new, empty bare repository (git init, without blocking). */
  static async init(
    gitDir: string,
    defaultBranch: string,
  ): Promise<BareRepository> {
    fs.mkdirSync(gitDir, { recursive: true });
    await runGitAsync(gitDir, [
      'init',
      '--quiet',
      '--bare',
      `--initial-branch=${defaultBranch}`,
      gitDir,
    ]);
    // pushes arrive through git http-backend, after the host checked the token
    fs.appendFileSync(
      path.join(gitDir, 'config'),
      '[http]\n\treceivepack = true\n',
    );
    return new BareRepository(gitDir);
  }

  /** The commit SHA a ref (branch, tag, SHA) names, or undefined. */
  resolveCommit(ref: string): string | undefined {
    try {
      return (
        gitText(this.gitDir, [
          'rev-parse',
          '--verify',
          '--quiet',
          `${ref}^{commit}`,
        ]) || undefined
      );
    } catch {
      return undefined;
    }
  }

  /** Full ref names (refs/heads/..., refs/tags/...) and their SHAs. */
  refs(prefix = 'refs/'): Array<{ ref: string; sha: string }> {
    const out = gitText(this.gitDir, [
      'for-each-ref',
      '--format=%(refname) %(objectname)',
      prefix,
    ]);
    return out
      .split('\n')
      .filter(Boolean)
      .map(line => {
        const [ref, sha] = line.split(' ');
        return { ref, sha };
      });
  }

  refSha(ref: string): string | undefined {
    return this.refs(ref).find(r => r.ref === ref)?.sha;
  }

  isEmpty(): boolean {
    return this.refs('refs/heads/').length === 0;
  }

  commit(sha: string): GitCommitData | undefined {
    if (!SHA.test(sha)) return undefined;
    let out: string;
    try {
      out = runGit(this.gitDir, [
        'show',
        '-s',
        '--format=%H%x00%T%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B',
        sha,
      ]).toString('utf8');
    } catch (error) {
      if (error instanceof GitCommandError) return undefined;
      throw error;
    }
    const [h, tree, parents, an, ae, ad, cn, ce, cd, ...message] =
      out.split('\0');
    return {
      sha: h,
      tree,
      parents: parents.split(' ').filter(Boolean),
      author: { name: an, email: ae, date: ad },
      committer: { name: cn, email: ce, date: cd },
      message: message.join('\0').replace(/\n$/, ''),
    };
  }

  /** SHAs from a ref back, newest first (first parents only when asked). */
  log(
    ref: string,
    options: { limit?: number; firstParent?: boolean } = {},
  ): string[] {
    const args = ['rev-list'];
    if (options.firstParent) args.push('--first-parent');
    if (options.limit) args.push(`--max-count=${options.limit}`);
    args.push(ref);
    return gitText(this.gitDir, args).split('\n').filter(Boolean);
  }

  objectType(sha: string): string | undefined {
    try {
      return gitText(this.gitDir, ['cat-file', '-t', sha]);
    } catch {
      return undefined;
    }
  }

  readObject(sha: string): Buffer {
    return runGit(this.gitDir, [
      'cat-file',
      this.objectType(sha) ?? 'blob',
      sha,
    ]);
  }

  /** Many blobs at once (`<rev>:<path>`), through one `git cat-file --batch`. */
  readBlobs(specs: string[]): Map<string, Buffer> {
    const found = new Map<string, Buffer>();
    if (!specs.length) return found;
    const out = runGit(this.gitDir, ['cat-file', '--batch'], {
      input: `${specs.join('\n')}\n`,
    });
    let at = 0;
    for (const spec of specs) {
      const eol = out.indexOf(10, at);
      const header = out.subarray(at, eol).toString('utf8');
      at = eol + 1;
      const m = /^[0-9a-f]{40} (\w+) (\d+)$/.exec(header);
      if (!m) continue;
      const size = Number(m[2]);
      if (m[1] === 'blob') found.set(spec, out.subarray(at, at + size));
      at += size + 1;
    }
    return found;
  }

  writeBlob(content: Buffer): string {
    return gitText(this.gitDir, ['hash-object', '-w', '--stdin'], {
      input: content,
    });
  }

  /** The entries of a tree (`rev:path` or a tree SHA). */
  treeEntries(treeish: string, recursive = false): GitTreeEntry[] {
    const args = ['ls-tree', '-z', '--long'];
    if (recursive) args.push('-r', '-t');
    args.push(treeish);
    const out = runGit(this.gitDir, args).toString('utf8');
    return out
      .split('\0')
      .filter(Boolean)
      .map(line => {
        const tab = line.indexOf('\t');
        const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/);
        const entry: GitTreeEntry = {
          path: line.slice(tab + 1),
          mode,
          type: type as GitTreeEntry['type'],
          sha,
        };
        if (size !== '-') entry.size = Number(size);
        return entry;
      });
  }

  /** The object at a path of a commit, or undefined. */
  pathObject(
    commitSha: string,
    filePath: string,
  ): { sha: string; type: string } | undefined {
    const spec = filePath ? `${commitSha}:${filePath}` : `${commitSha}^{tree}`;
    try {
      const sha = gitText(this.gitDir, [
        'rev-parse',
        '--verify',
        '--quiet',
        spec,
      ]);
      return sha ? { sha, type: this.objectType(sha) ?? 'blob' } : undefined;
    } catch {
      return undefined;
    }
  }

  /** A new tree: the base tree with the changes applied (git's index does the nesting). */
  writeTree(baseTree: string | undefined, changes: TreeChange[]): string {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'githost-index-'));
    const env = { GIT_INDEX_FILE: path.join(tmp, 'index') };
    try {
      if (baseTree) runGit(this.gitDir, ['read-tree', baseTree], { env });
      else runGit(this.gitDir, ['read-tree', '--empty'], { env });
      // one `update-index --index-info` line per change; mode 0 removes a path
      const lines = changes.map(change => {
        if (change.sha === null) return `0 ${'0'.repeat(40)}\t${change.path}`;
        const sha =
          change.content !== undefined
            ? this.writeBlob(Buffer.from(change.content, 'utf8'))
            : change.sha;
        if (!sha)
          throw new Error(`tree entry ${change.path} needs a sha or content`);
        return `${change.mode} ${sha}\t${change.path}`;
      });
      if (lines.length)
        runGit(this.gitDir, ['update-index', '--index-info'], {
          env,
          input: `${lines.join('\n')}\n`,
        });
      return gitText(this.gitDir, ['write-tree'], { env });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  writeCommit(options: {
    tree: string;
    parents: string[];
    message: string;
    author?: Partial<GitSignature>;
    committer?: Partial<GitSignature>;
  }): string {
    const args = ['commit-tree', options.tree];
    for (const parent of options.parents) args.push('-p', parent);
    return gitText(this.gitDir, args, {
      input: options.message,
      env: {
        ...signatureEnv('AUTHOR', options.author),
        ...signatureEnv('COMMITTER', options.committer ?? options.author),
      },
    });
  }

  /** Moves (or creates) a ref; with `expected`, only from that SHA. */
  updateRef(ref: string, sha: string, expected?: string) {
    const args = ['update-ref', ref, sha];
    if (expected) args.push(expected);
    runGit(this.gitDir, args);
  }

  deleteRef(ref: string) {
    runGit(this.gitDir, ['update-ref', '-d', ref]);
  }

  isAncestor(ancestor: string, of: string): boolean {
    try {
      runGit(this.gitDir, ['merge-base', '--is-ancestor', ancestor, of]);
      return true;
    } catch {
      return false;
    }
  }

  /** The merged tree of two commits, or undefined on a conflict. */
  mergeTree(ours: string, theirs: string): string | undefined {
    try {
      return gitText(this.gitDir, [
        'merge-tree',
        '--write-tree',
        ours,
        theirs,
      ]).split('\n')[0];
    } catch {
      return undefined;
    }
  }

  /** `git archive` of a commit, every path under `prefix/`. */
  archive(sha: string, format: 'tar.gz' | 'zip', prefix: string): Buffer {
    return runGit(this.gitDir, [
      'archive',
      `--format=${format}`,
      `--prefix=${prefix}/`,
      sha,
    ]);
  }

  /** Builds history in one go (`git fast-import`). */
  async fastImport(stream: string): Promise<void> {
    await runGitAsync(this.gitDir, ['fast-import', '--quiet', '--done'], {
      input: stream,
    });
  }

  /**
   * The files a branch changed since it left `base` (three-dot, as a pull
   * request shows them), renames detected: GitHub's `status` names.
   */
  changedFiles(
    base: string,
    head: string,
  ): Array<{ filename: string; status: string; previousFilename?: string }> {
    const fields = runGit(this.gitDir, [
      'diff',
      '--no-color',
      '--name-status',
      '-z',
      '-M',
      `${base}...${head}`,
    ])
      .toString('utf8')
      .split('\0');
    const files: Array<{
      filename: string;
      status: string;
      previousFilename?: string;
    }> = [];
    const statusName: Record<string, string> = {
      A: 'added',
      D: 'removed',
      M: 'modified',
      T: 'changed',
      C: 'copied',
      R: 'renamed',
    };
    for (let i = 0; i < fields.length && fields[i]; ) {
      const code = fields[i++];
      const status = statusName[code[0]] ?? 'modified';
      if (code[0] === 'R' || code[0] === 'C') {
        const previousFilename = fields[i++];
        files.push({ filename: fields[i++], status, previousFilename });
      } else {
        files.push({ filename: fields[i++], status });
      }
    }
    return files;
  }

  /** A unified diff between two commits. */
  diff(from: string, to: string): string {
    return runGit(this.gitDir, ['diff', '--no-color', from, to]).toString(
      'utf8',
    );
  }

  /** A patch series between two commits, as `git format-patch --stdout` writes it. */
  formatPatch(from: string, to: string): string {
    return runGit(this.gitDir, [
      'format-patch',
      '--stdout',
      '--no-color',
      `${from}..${to}`,
    ]).toString('utf8');
  }

  /** The newest commits reachable from a commit, newest first: SHA, author, date and subject. */
  recentCommits(
    sha: string,
    limit: number,
  ): Array<{ sha: string; author: string; date: string; subject: string }> {
    if (!SHA.test(sha)) return [];
    const out = runGit(this.gitDir, [
      'log',
      `--max-count=${limit}`,
      '--format=%H%x00%an%x00%aI%x00%s%x1e',
      sha,
    ]).toString('utf8');
    return out
      .split('\x1e')
      .map(record => record.replace(/^\n/, ''))
      .filter(Boolean)
      .map(record => {
        const [commit, author, date, subject] = record.split('\0');
        return { sha: commit, author, date, subject };
      });
  }

  /** The first-parent history of a ref, oldest first. */
  history(
    ref: string,
  ): Array<{
    sha: string;
    author: { name: string; email: string };
    date: number;
    message: string;
  }> {
    const out = runGit(this.gitDir, [
      'log',
      '--first-parent',
      '--reverse',
      '--format=%H%x00%an%x00%ae%x00%at%x00%s%x1e',
      ref,
    ]).toString('utf8');
    return out
      .split('\x1e')
      .map(record => record.replace(/^\n/, ''))
      .filter(Boolean)
      .map(record => {
        const [sha, name, email, at, message] = record.split('\0');
        return {
          sha,
          author: { name, email },
          date: Number(at) * 1000,
          message,
        };
      });
  }
}
