import { GitCommitData } from './BareRepository';
import { GitHost, HostedPullRequest, HostedRepo } from './GitHost';

/**
 * The JSON shapes of GitHub's REST API (v3) for the sandbox's git host,
 * field for field as GitHub's OpenAPI description requires them
 * (contract-tested against @octokit/openapi).
 */

function nodeId(kind: string, id: string | number) {
  return Buffer.from(`${kind}:${id}`).toString('base64');
}

export function userShape(host: GitHost, login: string) {
  const api = `${host.apiBaseUrl}/users/${login}`;
  return {
    login,
    id: Math.abs([...login].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)),
    node_id: nodeId('User', login),
    avatar_url: `${host.baseUrl}/${login}.png`,
    gravatar_id: '',
    url: api,
    html_url: `${host.baseUrl}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: host.isOrganization(login) ? 'Organization' : 'User',
    site_admin: false,
  };
}

/** `public-user` (GET /user, GET /users/{username}): an account with no profile. */
export function accountShape(host: GitHost, login: string) {
  return {
    ...userShape(host, login),
    name: login,
    company: null,
    blog: null,
    location: null,
    email: null,
    hireable: null,
    bio: null,
    public_repos: host.all().filter(r => r.owner.toLowerCase() === login.toLowerCase()).length,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
  };
}

/** `repository` / `full-repository` (GET /repos/{owner}/{repo}, create). */
export function repositoryShape(host: GitHost, repo: HostedRepo) {
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  const open = repo.pulls.filter(p => p.state === 'open').length;
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    owner: userShape(host, repo.owner),
    private: repo.private,
    visibility: repo.private ? 'private' : 'public',
    html_url: host.htmlUrl(repo),
    description: repo.description,
    fork: false,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `${host.cloneUrl(repo).replace(/^https?:/, 'git:')}`,
    hooks_url: `${api}/hooks`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `git@${host.host.split(':')[0]}:${repo.owner}/${repo.name}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: host.cloneUrl(repo),
    mirror_url: null,
    svn_url: host.htmlUrl(repo),
    homepage: null,
    language: null,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 0,
    default_branch: repo.defaultBranch,
    open_issues: open,
    open_issues_count: open,
    topics: repo.topics,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: false,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: repo.pushedAt,
    created_at: repo.createdAt,
    updated_at: repo.pushedAt,
    // the token's user may administer every repository of the sandbox
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    allow_merge_commit: true,
    allow_squash_merge: false,
    allow_rebase_merge: false,
    delete_branch_on_merge: false,
    network_count: 0,
    subscribers_count: 0,
  };
}

/** `git-commit` (GET/POST /repos/{owner}/{repo}/git/commits). */
export function gitCommitShape(host: GitHost, repo: HostedRepo, commit: GitCommitData) {
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  return {
    sha: commit.sha,
    node_id: nodeId('Commit', commit.sha),
    url: `${api}/git/commits/${commit.sha}`,
    html_url: `${host.htmlUrl(repo)}/commit/${commit.sha}`,
    author: { ...commit.author, date: iso(commit.author.date) },
    committer: { ...commit.committer, date: iso(commit.committer.date) },
    tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map(sha => ({
      sha,
      url: `${api}/git/commits/${sha}`,
      html_url: `${host.htmlUrl(repo)}/commit/${sha}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}

/** `commit` (GET /repos/{owner}/{repo}/commits, .../commits/{ref}). */
export function commitShape(host: GitHost, repo: HostedRepo, commit: GitCommitData) {
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  const git = gitCommitShape(host, repo, commit);
  return {
    url: `${api}/commits/${commit.sha}`,
    sha: commit.sha,
    node_id: git.node_id,
    html_url: git.html_url,
    comments_url: `${api}/commits/${commit.sha}/comments`,
    commit: {
      url: git.url,
      author: git.author,
      committer: git.committer,
      message: commit.message,
      comment_count: 0,
      tree: git.tree,
      verification: git.verification,
    },
    author: null,
    committer: null,
    parents: commit.parents.map(sha => ({ sha, url: `${api}/commits/${sha}`, html_url: `${host.htmlUrl(repo)}/commit/${sha}` })),
  };
}

/** `git-ref` */
export function refShape(host: GitHost, repo: HostedRepo, ref: string, sha: string, type = 'commit') {
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  return {
    ref,
    node_id: nodeId('Ref', `${repo.id}:${ref}`),
    url: `${api}/git/${ref}`,
    object: { type, sha, url: `${api}/git/${type}s/${sha}` },
  };
}

function branchRef(host: GitHost, repo: HostedRepo, branch: string, sha: string) {
  return {
    label: `${repo.owner}:${branch}`,
    ref: branch,
    sha,
    user: userShape(host, repo.owner),
    repo: repositoryShape(host, repo),
  };
}

/** `pull-request` (and, with `simple`, `pull-request-simple` for lists). */
export function pullRequestShape(host: GitHost, repo: HostedRepo, pull: HostedPullRequest, simple = false) {
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  const html = `${host.htmlUrl(repo)}/pull/${pull.number}`;
  const url = `${api}/pulls/${pull.number}`;
  const headSha = host.headSha(repo, pull);
  const baseSha = repo.git.refSha(`refs/heads/${pull.base}`) ?? '0'.repeat(40);
  const shape = {
    url,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pull.number}`,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pull.number}/comments`,
    statuses_url: `${api}/statuses/${headSha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: userShape(host, pull.user),
    body: pull.body,
    labels: pull.labels.map((name, i) => ({
      id: pull.id * 100 + i,
      node_id: nodeId('Label', `${pull.id}:${name}`),
      url: `${api}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: 'ededed',
      default: false,
    })),
    milestone: null,
    active_lock_reason: null,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: branchRef(host, repo, pull.head, headSha),
    base: branchRef(host, repo, pull.base, baseSha),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: `${api}/issues/${pull.number}` },
      comments: { href: `${api}/issues/${pull.number}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${api}/statuses/${headSha}` },
    },
    author_association: 'MEMBER',
    auto_merge: null,
    draft: pull.draft,
  };
  if (simple) return shape;
  const open = pull.state === 'open';
  return {
    ...shape,
    merged: pull.merged,
    mergeable: open ? repo.git.mergeTree(baseSha, headSha) !== undefined : null,
    rebaseable: null,
    mergeable_state: open ? 'clean' : 'unknown',
    merged_by: pull.mergedBy ? userShape(host, pull.mergedBy) : null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: open ? repo.git.log(`${baseSha}..${headSha}`).length : 0,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

/** Git's ISO dates with an offset, as GitHub writes them (UTC, `Z`). */
function iso(date: string): string {
  return new Date(date).toISOString().replace(/\.\d+Z$/, 'Z');
}
