import { GitCommandError } from './gitCli';
import { TreeChange } from './BareRepository';
import { HostedRepo } from './GitHost';
import { GitHubError, RepoRequest, RepoRoute, decodePath, reply, requiredString } from './githubHttp';
import { commitShape, gitCommitShape, refShape, repositoryShape } from './githubShapes';

const SHA = /^[0-9a-f]{40}$/;

/** A ref, branch or SHA of the repository as a commit SHA, or a 404/422. */
function commitOf(repo: HostedRepo, ref: string, status = 404): string {
  const sha = repo.git.resolveCommit(SHA.test(ref) ? ref : ref.replace(/^refs\//, 'refs/')) ??
    repo.git.resolveCommit(`refs/heads/${ref}`) ??
    repo.git.resolveCommit(`refs/tags/${ref}`);
  if (!sha) throw new GitHubError(status, status === 404 ? 'Not Found' : `No commit found for SHA: ${ref}`);
  return sha;
}

function defaultHead(repo: HostedRepo): string {
  const sha = repo.git.refSha(`refs/heads/${repo.defaultBranch}`);
  if (!sha) throw new GitHubError(409, 'Git Repository is empty.');
  return sha;
}

function commitData(req: RepoRequest, sha: string) {
  const data = req.repo.git.commit(sha);
  if (!data) throw new GitHubError(404, 'Not Found');
  return data;
}

function blobShape(req: RepoRequest, sha: string) {
  return { sha, url: `${req.host.apiBaseUrl}/repos/${req.repo.owner}/${req.repo.name}/git/blobs/${sha}` };
}

function treeShape(req: RepoRequest, sha: string, recursive: boolean) {
  const api = `${req.host.apiBaseUrl}/repos/${req.repo.owner}/${req.repo.name}`;
  return {
    sha,
    url: `${api}/git/trees/${sha}`,
    tree: req.repo.git.treeEntries(sha, recursive).map(e => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.size !== undefined ? { size: e.size } : {}),
      url: `${api}/git/${e.type}s/${e.sha}`,
    })),
    truncated: false,
  };
}

/** The ref named by a `git/refs/...` path: `heads/main` -> `refs/heads/main`. */
function fullRef(path: string): string {
  const ref = decodePath(path);
  return ref.startsWith('refs/') ? ref : `refs/${ref}`;
}

function contents(req: RepoRequest, filePath: string) {
  const { repo, host } = req;
  const ref = req.query.get('ref') ?? repo.defaultBranch;
  const sha = commitOf(repo, ref);
  const object = repo.git.pathObject(sha, filePath);
  if (!object) throw new GitHubError(404, 'Not Found');
  const api = `${host.apiBaseUrl}/repos/${repo.owner}/${repo.name}`;
  // addresses keep a path's slashes and encode the rest of it (a `#` or `?` in a file name)
  const encoded = (value: string) => value.split('/').map(encodeURIComponent).join('/');
  const entry = (path: string, objectSha: string, type: string, size: number) => {
    const kind = type === 'tree' ? 'dir' : 'file';
    const html = `${host.htmlUrl(repo)}/${kind === 'dir' ? 'tree' : 'blob'}/${encoded(ref)}/${encoded(path)}`;
    const url = `${api}/contents/${encoded(path)}?ref=${encodeURIComponent(ref)}`;
    const git = `${api}/git/${type}s/${objectSha}`;
    return {
      type: kind,
      name: path.split('/').pop() ?? path,
      path,
      sha: objectSha,
      size,
      url,
      git_url: git,
      html_url: html,
      download_url: kind === 'file' ? `${host.baseUrl}/${repo.owner}/${repo.name}/raw/${sha}/${encoded(path)}` : null,
      _links: { self: url, git, html },
    };
  };
  if (object.type === 'tree') {
    const items = repo.git.treeEntries(`${sha}:${filePath}`).map(e =>
      entry(filePath ? `${filePath}/${e.path}` : e.path, e.sha, e.type, e.size ?? 0),
    );
    return reply(200, items);
  }
  const content = repo.git.readObject(object.sha);
  const accept = String(req.headers.accept ?? '');
  if (accept.includes('raw')) {
    return { status: 200, raw: content, headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8', etag: `"${object.sha}"` } };
  }
  return reply(200, { ...entry(filePath, object.sha, 'blob', content.length), content: content.toString('base64'), encoding: 'base64' });
}

function archive(req: RepoRequest, format: 'tar.gz' | 'zip', ref: string) {
  const { repo } = req;
  const sha = ref ? commitOf(repo, decodePath(ref)) : defaultHead(repo);
  const prefix = `${repo.owner}-${repo.name}-${sha.slice(0, 7)}`;
  const type = format === 'zip' ? 'application/zip' : 'application/x-gzip';
  return {
    status: 200,
    raw: repo.git.archive(sha, format, prefix),
    headers: { 'content-type': type, 'content-disposition': `attachment; filename=${prefix}.${format}` },
  };
}

function createRef(req: RepoRequest) {
  const ref = requiredString(req.body, 'ref');
  const sha = requiredString(req.body, 'sha');
  if (!/^refs\/\S+\/\S+/.test(ref)) throw new GitHubError(422, 'Reference name must start with refs/ and have at least two slashes');
  if (req.repo.git.refSha(ref)) throw new GitHubError(422, 'Reference already exists');
  if (!req.repo.git.objectType(sha)) throw new GitHubError(422, 'Object does not exist');
  req.repo.git.updateRef(ref, sha);
  req.host.changed(req.repo);
  return reply(201, refShape(req.host, req.repo, ref, sha));
}

function updateRef(req: RepoRequest, path: string) {
  const ref = fullRef(path);
  const sha = requiredString(req.body, 'sha');
  const current = req.repo.git.refSha(ref);
  if (!current) throw new GitHubError(422, 'Reference does not exist');
  if (!req.body.force && !req.repo.git.isAncestor(current, sha)) throw new GitHubError(422, 'Update is not a fast forward');
  req.repo.git.updateRef(ref, sha, current);
  req.host.changed(req.repo);
  return reply(200, refShape(req.host, req.repo, ref, sha));
}

function createTree(req: RepoRequest) {
  const entries = req.body.tree;
  if (!Array.isArray(entries)) throw new GitHubError(422, 'Invalid request.\n\n"tree" wasn\'t supplied.');
  const changes: TreeChange[] = entries.map((e: Record<string, any>) => {
    if (typeof e?.path !== 'string' || typeof e?.mode !== 'string') throw new GitHubError(422, 'tree entries need a path and a mode');
    if (e.mode === '040000' || e.type === 'tree') throw new GitHubError(422, 'tree entries of type tree are not supported by the sandbox host');
    return { path: e.path, mode: e.mode, sha: e.sha, content: typeof e.content === 'string' ? e.content : undefined };
  });
  const base = typeof req.body.base_tree === 'string' ? req.body.base_tree : undefined;
  try {
    const sha = req.repo.git.writeTree(base, changes);
    return reply(201, treeShape(req, sha, false));
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitHubError(422, `GitRPC::BadObjectState: ${error.message}`);
    throw error;
  }
}

function createCommit(req: RepoRequest) {
  const message = requiredString(req.body, 'message');
  const tree = requiredString(req.body, 'tree');
  const parents: string[] = Array.isArray(req.body.parents) ? req.body.parents : [];
  if (req.repo.git.objectType(tree) !== 'tree') throw new GitHubError(422, 'Tree SHA does not exist');
  for (const p of parents) if (req.repo.git.objectType(p) !== 'commit') throw new GitHubError(422, 'Parent SHA does not exist or is not a commit object');
  const sha = req.repo.git.writeCommit({ tree, parents, message, author: req.body.author ?? { name: req.login, email: `${req.login}@users.noreply.sandbox` }, committer: req.body.committer });
  return reply(201, gitCommitShape(req.host, req.repo, commitData(req, sha)));
}

function createBlob(req: RepoRequest) {
  const content = typeof req.body.content === 'string' ? req.body.content : undefined;
  if (content === undefined) throw new GitHubError(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
  const sha = req.repo.git.writeBlob(Buffer.from(content, req.body.encoding === 'base64' ? 'base64' : 'utf8'));
  return reply(201, blobShape(req, sha));
}

function branch(req: RepoRequest, name: string) {
  const branchName = decodePath(name);
  const sha = req.repo.git.refSha(`refs/heads/${branchName}`);
  if (!sha) throw new GitHubError(404, 'Branch not found');
  const api = `${req.host.apiBaseUrl}/repos/${req.repo.owner}/${req.repo.name}`;
  const protection = req.repo.protection.has(branchName);
  return reply(200, {
    name: branchName,
    commit: commitShape(req.host, req.repo, commitData(req, sha)),
    _links: { self: `${api}/branches/${branchName}`, html: `${req.host.htmlUrl(req.repo)}/tree/${branchName}` },
    protected: protection,
    protection: { enabled: protection, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
    protection_url: `${api}/branches/${branchName}/protection`,
  });
}

/** Repositories, branches, git data, contents and archives. */
export const repoRoutes: RepoRoute[] = [
  ['GET', /^\/?$/, req => reply(200, repositoryShape(req.host, req.repo))],
  ['PUT', /^\/branches\/(.+)\/protection$/, (req, m) => {
    req.repo.protection.set(decodePath(m[1]), req.body);
    return reply(200, { url: `${req.host.apiBaseUrl}/repos/${req.repo.owner}/${req.repo.name}/branches/${m[1]}/protection` });
  }],
  ['GET', /^\/branches\/(.+)$/, (req, m) => branch(req, m[1])],
  ['GET', /^\/git\/ref\/(.+)$/, (req, m) => {
    const ref = fullRef(m[1]);
    const sha = req.repo.git.refSha(ref);
    if (!sha) throw new GitHubError(404, 'Not Found');
    return reply(200, refShape(req.host, req.repo, ref, sha));
  }],
  ['GET', /^\/git\/matching-refs\/(.+)$/, (req, m) =>
    reply(200, req.repo.git.refs(fullRef(m[1])).map(r => refShape(req.host, req.repo, r.ref, r.sha)))],
  ['POST', /^\/git\/refs$/, req => createRef(req)],
  ['PATCH', /^\/git\/refs\/(.+)$/, (req, m) => updateRef(req, m[1])],
  ['DELETE', /^\/git\/refs\/(.+)$/, (req, m) => {
    const ref = fullRef(m[1]);
    if (!req.repo.git.refSha(ref)) throw new GitHubError(422, 'Reference does not exist');
    req.repo.git.deleteRef(ref);
    req.host.changed(req.repo);
    return reply(204);
  }],
  ['GET', /^\/git\/commits\/([0-9a-f]{40})$/, (req, m) => reply(200, gitCommitShape(req.host, req.repo, commitData(req, m[1])))],
  ['POST', /^\/git\/commits$/, req => createCommit(req)],
  ['GET', /^\/git\/trees\/([^/]+)$/, (req, m) => {
    const named = decodePath(m[1]);
    const tree = req.repo.git.objectType(named) === 'tree' ? named : req.repo.git.pathObject(commitOf(req.repo, named), '')?.sha;
    if (!tree) throw new GitHubError(404, 'Not Found');
    return reply(200, treeShape(req, tree, Boolean(req.query.get('recursive'))));
  }],
  ['POST', /^\/git\/trees$/, req => createTree(req)],
  ['GET', /^\/git\/blobs\/([0-9a-f]{40})$/, (req, m) => {
    if (req.repo.git.objectType(m[1]) !== 'blob') throw new GitHubError(404, 'Not Found');
    const content = req.repo.git.readObject(m[1]);
    return reply(200, { ...blobShape(req, m[1]), node_id: Buffer.from(`Blob:${m[1]}`).toString('base64'), size: content.length, content: content.toString('base64'), encoding: 'base64' });
  }],
  ['POST', /^\/git\/blobs$/, req => createBlob(req)],
  ['GET', /^\/commits$/, req => {
    const from = commitOf(req.repo, req.query.get('sha') ?? req.repo.defaultBranch);
    const perPage = Math.min(100, Number(req.query.get('per_page') ?? 30) || 30);
    return reply(200, req.repo.git.log(from, { limit: perPage }).map(sha => commitShape(req.host, req.repo, commitData(req, sha))));
  }],
  ['GET', /^\/commits\/(.+)\/status$/, (req, m) => {
    const sha = commitOf(req.repo, decodePath(m[1]), 422);
    const api = `${req.host.apiBaseUrl}/repos/${req.repo.owner}/${req.repo.name}`;
    return reply(200, {
      state: 'success',
      sha,
      total_count: 0,
      statuses: [],
      repository: repositoryShape(req.host, req.repo),
      commit_url: `${api}/commits/${sha}`,
      url: `${api}/commits/${sha}/status`,
    });
  }],
  ['GET', /^\/commits\/(.+)$/, (req, m) => reply(200, commitShape(req.host, req.repo, commitData(req, commitOf(req.repo, decodePath(m[1]), 422))))],
  ['GET', /^\/contents\/?(.*)$/, (req, m) => contents(req, decodePath(m[1]).replace(/\/+$/, ''))],
  ['GET', /^\/tarball\/?(.*)$/, (req, m) => archive(req, 'tar.gz', m[1])],
  ['GET', /^\/zipball\/?(.*)$/, (req, m) => archive(req, 'zip', m[1])],
  ['PUT', /^\/topics$/, req => {
    req.repo.topics.splice(0, req.repo.topics.length, ...(Array.isArray(req.body.names) ? req.body.names : []));
    return reply(200, { names: req.repo.topics });
  }],
  ['GET', /^\/forks$/, () => reply(200, [])],
];
