import type { GitOpsTestBackend } from './startGitOpsTestBackend';

/**
 * The sandbox git host's REST API on acme's `repo`, as the host's token
 * user: each call expects an ok answer and gives its JSON.
 */
export function gitHostRepo(env: GitOpsTestBackend, repo: string) {
  return async (method: string, path: string, body?: unknown) => {
    const { apiBaseUrl, token } = env.sandbox.gitHost!;
    const res = await fetch(`${apiBaseUrl}/repos/acme/${repo}${path}`, {
      method,
      headers: {
        authorization: `token ${token}`,
        'content-type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.ok).toBe(true);
    return res.json();
  };
}

/**
 * Opens a pull request on `repo` as publish:github:pull-request does (git
 * data, a ref, a pull): one commit on main writing `files`. Answers the
 * pull request and main's head it was opened from.
 */
export async function openPullRequest(
  env: GitOpsTestBackend,
  repo: string,
  change: {
    branch: string;
    files: Record<string, string>;
    /** The commit message (the branch). */
    message?: string;
    /** The pull request's title (the branch). */
    title?: string;
  },
) {
  const call = gitHostRepo(env, repo);
  const [head] = await call('GET', '/commits?sha=main&per_page=1');
  const tree = await call('POST', '/git/trees', {
    base_tree: head.commit.tree.sha,
    tree: Object.entries(change.files).map(([path, content]) => ({
      path,
      mode: '100644',
      content,
    })),
  });
  const commit = await call('POST', '/git/commits', {
    message: change.message ?? change.branch,
    tree: tree.sha,
    parents: [head.sha],
  });
  await call('POST', '/git/refs', {
    ref: `refs/heads/${change.branch}`,
    sha: commit.sha,
  });
  const pull = await call('POST', '/pulls', {
    title: change.title ?? change.branch,
    head: change.branch,
    base: 'main',
  });
  return { pull, head };
}
