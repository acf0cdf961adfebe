import { GitHost, HostedPullRequest, HostedRepo } from './GitHost';
import {
  GitHubError,
  RepoRequest,
  RepoRoute,
  reply,
  requiredString,
} from './githubHttp';
import { pullRequestShape } from './githubShapes';

function pullOf(repo: HostedRepo, number: string): HostedPullRequest {
  const pull = repo.pulls.find(p => p.number === Number(number));
  if (!pull) throw new GitHubError(404, 'Not Found');
  return pull;
}

/** `owner:branch` or `branch` -> the branch (the host has no forks). */
function headBranch(head: string): string {
  return head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
}

function createPull(req: RepoRequest) {
  const { repo, host } = req;
  const title = requiredString(req.body, 'title');
  const head = headBranch(requiredString(req.body, 'head'));
  const base = requiredString(req.body, 'base');
  if (!repo.git.refSha(`refs/heads/${head}`)) {
    throw new GitHubError(422, 'Validation Failed', [
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  }
  if (!repo.git.refSha(`refs/heads/${base}`)) {
    throw new GitHubError(422, 'Validation Failed', [
      { resource: 'PullRequest', field: 'base', code: 'invalid' },
    ]);
  }
  if (
    repo.pulls.some(
      p => p.state === 'open' && p.head === head && p.base === base,
    )
  ) {
    throw new GitHubError(422, 'Validation Failed', [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `A pull request already exists for ${repo.owner}:${head}.`,
      },
    ]);
  }
  const pull = host.openPullRequest(repo, {
    title,
    body: typeof req.body.body === 'string' ? req.body.body : null,
    head,
    base,
    user: req.login,
    draft: Boolean(req.body.draft),
  });
  return reply(201, pullRequestShape(host, repo, pull));
}

function listPulls(req: RepoRequest) {
  const { repo, host } = req;
  const state = req.query.get('state') ?? 'open';
  const head = req.query.get('head');
  const base = req.query.get('base');
  const perPage = Math.min(100, Number(req.query.get('per_page') ?? 30) || 30);
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
  const pulls = repo.pulls
    .filter(p => state === 'all' || p.state === state)
    .filter(p => !head || p.head === headBranch(head))
    .filter(p => !base || p.base === base)
    .sort((a, b) => b.number - a.number)
    .slice((page - 1) * perPage, page * perPage);
  return reply(
    200,
    pulls.map(p => pullRequestShape(host, repo, p, true)),
  );
}

function updatePull(req: RepoRequest, number: string) {
  const pull = pullOf(req.repo, number);
  if (typeof req.body.title === 'string') pull.title = req.body.title;
  if (typeof req.body.body === 'string') pull.body = req.body.body;
  if (req.body.state === 'closed') req.host.close(req.repo, pull);
  else {
    pull.updatedAt = req.host.timestamp();
    req.host.changed(req.repo);
  }
  return reply(200, pullRequestShape(req.host, req.repo, pull));
}

function mergePull(req: RepoRequest, number: string) {
  const pull = pullOf(req.repo, number);
  const method = req.body.merge_method ?? 'merge';
  if (method !== 'merge')
    throw new GitHubError(
      405,
      `Merge method ${method} is not allowed on this repository`,
    );
  const result = req.host.merge(req.repo, pull, {
    by: req.login,
    title:
      typeof req.body.commit_title === 'string'
        ? req.body.commit_title
        : undefined,
    message:
      typeof req.body.commit_message === 'string'
        ? req.body.commit_message
        : undefined,
    sha: typeof req.body.sha === 'string' ? req.body.sha : undefined,
  });
  if ('refused' in result) {
    if (result.refused === 'stale')
      throw new GitHubError(
        409,
        'Head branch was modified. Review and try the merge again.',
      );
    if (result.refused === 'closed')
      throw new GitHubError(405, 'Pull Request is not mergeable');
    throw new GitHubError(405, 'Pull Request is not mergeable: merge conflict');
  }
  return reply(200, {
    sha: result.sha,
    merged: true,
    message: 'Pull Request successfully merged',
  });
}

/**
 * GitHub's `GET /pulls/{n}/files`: what the pull request changes (since its
 * merge base with the base branch; for a merged one, what its merge did),
 * paged as GitHub pages it (`per_page` up to 100).
 */
function listPullFiles(req: RepoRequest, number: string) {
  const { repo, host } = req;
  const pull = pullOf(repo, number);
  const head = host.headSha(repo, pull);
  const base = pull.merged
    ? `${pull.mergeCommitSha}^1`
    : repo.git.refSha(`refs/heads/${pull.base}`);
  if (!base) throw new GitHubError(404, 'Not Found');
  const perPage = Math.min(100, Number(req.query.get('per_page') ?? 30) || 30);
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
  const files = repo.git
    .changedFiles(base, head)
    .slice((page - 1) * perPage, page * perPage);
  return reply(
    200,
    files.map(f => ({
      filename: f.filename,
      status: f.status,
      ...(f.previousFilename ? { previous_filename: f.previousFilename } : {}),
      blob_url: `${host.htmlUrl(repo)}/blob/${head}/${f.filename}`,
    })),
  );
}

/** Pull requests: create, list, get, update, merge, changed files; labels. */
export const pullRoutes: RepoRoute[] = [
  ['GET', /^\/pulls$/, req => listPulls(req)],
  ['POST', /^\/pulls$/, req => createPull(req)],
  [
    'GET',
    /^\/pulls\/(\d+)$/,
    (req, m) =>
      reply(200, pullRequestShape(req.host, req.repo, pullOf(req.repo, m[1]))),
  ],
  ['PATCH', /^\/pulls\/(\d+)$/, (req, m) => updatePull(req, m[1])],
  ['GET', /^\/pulls\/(\d+)\/files$/, (req, m) => listPullFiles(req, m[1])],
  ['PUT', /^\/pulls\/(\d+)\/merge$/, (req, m) => mergePull(req, m[1])],
  [
    'GET',
    /^\/pulls\/(\d+)\/merge$/,
    (req, m) => reply(pullOf(req.repo, m[1]).merged ? 204 : 404),
  ],
  [
    'POST',
    /^\/issues\/(\d+)\/labels$/,
    (req, m) => {
      const pull = pullOf(req.repo, m[1]);
      const labels: unknown[] = Array.isArray(req.body.labels)
        ? req.body.labels
        : [];
      for (const l of labels)
        if (typeof l === 'string' && !pull.labels.includes(l))
          pull.labels.push(l);
      req.host.changed(req.repo);
      return reply(
        200,
        (
          pullRequestShape(req.host, req.repo, pull, true) as {
            labels: unknown[];
          }
        ).labels,
      );
    },
  ],
];

/**
 * The one GraphQL question octokit-plugin-create-pull-request asks before it
 * writes a branch: does `head` exist, with which open pull request.
 */
export function answerGraphql(
  host: GitHost,
  body: Record<string, any>,
): unknown {
  const query = String(body.query ?? '');
  const vars = (body.variables ?? {}) as Record<string, string>;
  if (
    !/associatedPullRequests/.test(query) ||
    !vars.owner ||
    !vars.repo ||
    !vars.head
  ) {
    throw new GitHubError(
      400,
      'The sandbox git host answers only the repository.ref.associatedPullRequests query',
    );
  }
  const repo = host.find(vars.owner, vars.repo);
  if (!repo)
    return {
      data: { repository: null },
      errors: [
        {
          type: 'NOT_FOUND',
          message: `Could not resolve to a Repository with the name '${vars.owner}/${vars.repo}'.`,
        },
      ],
    };
  const branch = headBranch(vars.head);
  if (!repo.git.refSha(`refs/heads/${branch}`))
    return { data: { repository: { ref: null } } };
  const open = repo.pulls
    .filter(p => p.state === 'open' && p.head === branch)
    .slice(0, 1);
  return {
    data: {
      repository: {
        ref: {
          associatedPullRequests: {
            edges: open.map(p => ({
              node: {
                id: Buffer.from(`PullRequest:${p.id}`).toString('base64'),
                number: p.number,
                url: `${host.htmlUrl(repo)}/pull/${p.number}`,
              },
            })),
          },
        },
      },
    },
  };
}
