import { execFile, execFileSync } from 'node:child_process';

/** A fixed identity and no user or system config: the host's git behaves the same everywhere. */
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  HOME: '/nonexistent',
};

export interface GitCall {
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra environment (author and committer dates and names). */
  env?: Record<string, string>;
}

/** Git failed: the message is git's own stderr. */
export class GitCommandError extends Error {
  constructor(args: string[], readonly stderr: string) {
    super(`git ${args[0]} failed: ${stderr.trim().split('\n').pop() ?? ''}`);
  }
}

/**
 * Runs git in a bare repository and returns its stdout. The host's
 * repositories are real git repositories; git itself reads and writes
 * them (objects, refs, merges, archives), so nothing here parses pack data.
 */
export function runGit(gitDir: string, args: string[], call: GitCall = {}): Buffer {
  try {
    return execFileSync('git', args, {
      env: { ...process.env, ...GIT_ENV, GIT_DIR: gitDir, ...call.env },
      input: call.input,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new GitCommandError(args, e.stderr?.toString('utf8') || e.message);
  }
}

/** runGit without blocking: many repositories are seeded at once. */
export function runGitAsync(gitDir: string, args: string[], call: GitCall = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      {
        env: { ...process.env, ...GIT_ENV, GIT_DIR: gitDir, ...call.env },
        encoding: 'buffer',
        maxBuffer: 256 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new GitCommandError(args, stderr.toString('utf8') || error.message));
        else resolve(stdout);
      },
    );
    // git may exit before it reads all of its input (a refused write): the
    // pipe then fails with EPIPE, and git's exit status and stderr, above,
    // say what went wrong
    child.stdin?.on('error', () => {});
    child.stdin?.end(call.input ?? '');
  });
}

/** Like runGit, trimmed text. */
export function gitText(gitDir: string, args: string[], call?: GitCall): string {
  return runGit(gitDir, args, call).toString('utf8').trim();
}

export { GIT_ENV };
