import { GitHost, HostedRepo } from './GitHost';
import { escape, page, pullRequestDiff, pullRequestPage, pullRequestPatch } from './pullRequestPage';

/**
 * The web pages of the sandbox's git host, at GitHub's paths: a repository
 * (`/{owner}/{repo}`), a directory or file on a ref (`/tree/{ref}/{path}`,
 * `/blob/{ref}/{path}`, `/edit/...` shown read-only, `/raw/...`), a commit
 * (`/commit/{sha}`), the commits of a ref (`/commits/{ref}`), a pull request
 * and its `.diff` and `.patch`, an account (`/{login}`, `/{login}.png`) and
 * the host's front page (`/`).
 * Every address the host writes into its REST answers (`html_url`,
 * `_links.html`, `diff_url`, ...) is one of them. Plain HTML, escaped, no
 * script.
 */
export interface WebReply {
  status: number;
  html?: string;
  raw?: Buffer;
  headers?: Record<string, string>;
}

/** What a page shows of a file or diff at most. */
const SHOWN_BYTES = 512 * 1024;
/** Git's empty tree: what a root commit is compared with. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const ABBREVIATED_SHA = /^[0-9a-f]{4,40}$/i;

const html = (body: string, status = 200): WebReply => ({ status, html: body });
const text = (body: string | Buffer, type = 'text/plain; charset=utf-8'): WebReply => ({
  status: 200,
  raw: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  headers: { 'content-type': type },
});

export const notFound = (): WebReply => html(page('Not Found', '<h1>404</h1><p>Nothing here on the sandbox git host.</p>'), 404);

/** A path of a repository's web pages, every segment encoded. */
function href(host: GitHost, repo: HostedRepo, ...segments: string[]): string {
  const tail = segments
    .flatMap(s => s.split('/'))
    .filter(Boolean)
    .map(encodeURIComponent)
    .join('/');
  return `${host.htmlUrl(repo)}${tail ? `/${tail}` : ''}`;
}

const link = (url: string, label: string) => `<a href="${escape(url)}">${label}</a>`;

function repoHeading(host: GitHost, repo: HostedRepo): string {
  return `<p>${link(`${host.baseUrl}/${encodeURIComponent(repo.owner)}`, escape(repo.owner))} / ${link(host.htmlUrl(repo), `<strong>${escape(repo.name)}</strong>`)}</p>`;
}

/** `a / b / c` of a path, each part linking its directory on the ref. */
function breadcrumbs(host: GitHost, repo: HostedRepo, ref: string, filePath: string): string {
  const parts = filePath.split('/').filter(Boolean);
  const crumbs = parts.map((part, i) =>
    i === parts.length - 1 ? `<strong>${escape(part)}</strong>` : link(href(host, repo, 'tree', ref, ...parts.slice(0, i + 1)), escape(part)),
  );
  return `<p>${link(href(host, repo, 'tree', ref), escape(repo.name))}${crumbs.map(c => ` / ${c}`).join('')} <span class="muted">on <code>${escape(ref)}</code></span></p>`;
}

function shown(content: Buffer | string): { text: string; cut: boolean } {
  const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  const cut = buffer.length > SHOWN_BYTES;
  return { text: buffer.subarray(0, SHOWN_BYTES).toString('utf8'), cut };
}

function preformatted(content: Buffer | string): string {
  const { text: body, cut } = shown(content);
  return `<pre>${escape(body)}</pre>${cut ? `<p class="muted">Cut at ${SHOWN_BYTES / 1024} KiB.</p>` : ''}`;
}

/** The entries of a directory, directories first, each linking its page. */
function listing(host: GitHost, repo: HostedRepo, ref: string, sha: string, dirPath: string): string {
  const entries = repo.git
    .treeEntries(dirPath ? `${sha}:${dirPath}` : `${sha}^{tree}`)
    .sort((a, b) => Number(b.type === 'tree') - Number(a.type === 'tree') || a.path.localeCompare(b.path));
  if (!entries.length) return '<p class="muted">Empty directory.</p>';
  const items = entries.map(e => {
    const full = dirPath ? `${dirPath}/${e.path}` : e.path;
    if (e.type === 'commit') return `<li>📦 ${escape(e.path)} <span class="muted">(submodule at ${e.sha.slice(0, 7)})</span></li>`;
    const kind = e.type === 'tree' ? 'tree' : 'blob';
    return `<li>${e.type === 'tree' ? '📁' : '📄'} ${link(href(host, repo, kind, ref, full), escape(e.path))}</li>`;
  });
  return `<ul class="files" data-testid="files">${items.join('')}</ul>`;
}

/** A ref of the repository and the path after it: the longest branch or tag that starts the segments, else a commit SHA or HEAD. */
function refAndPath(repo: HostedRepo, segments: string[]): { ref: string; sha: string; path: string } | undefined {
  if (!segments.length || segments.some(s => s === '..' || s === '.')) return undefined;
  const branches = new Set(repo.git.refs('refs/heads/').map(r => r.ref.slice('refs/heads/'.length)));
  const tags = new Set(repo.git.refs('refs/tags/').map(r => r.ref.slice('refs/tags/'.length)));
  const fullRef = (ref: string) => {
    if (branches.has(ref)) return `refs/heads/${ref}`;
    return tags.has(ref) ? `refs/tags/${ref}` : undefined;
  };
  for (let i = segments.length; i > 0; i--) {
    const ref = segments.slice(0, i).join('/');
    const full = fullRef(ref);
    const sha = full && repo.git.resolveCommit(full);
    if (sha) return { ref, sha, path: segments.slice(i).join('/') };
  }
  const [first, ...rest] = segments;
  let named: string | undefined;
  if (first === 'HEAD') named = `refs/heads/${repo.defaultBranch}`;
  else if (ABBREVIATED_SHA.test(first)) named = first.toLowerCase();
  const sha = named && repo.git.resolveCommit(named);
  return sha ? { ref: first, sha, path: rest.join('/') } : undefined;
}

/** A repository: its default branch's files, branches, open pull requests. */
export function repositoryPage(host: GitHost, repo: HostedRepo): string {
  const head = repo.git.resolveCommit(`refs/heads/${repo.defaultBranch}`);
  const branches = repo.git.refs('refs/heads/').map(r => {
    const name = r.ref.slice('refs/heads/'.length);
    return `<li>${link(href(host, repo, 'tree', name), `<code>${escape(name)}</code>`)} ${link(href(host, repo, 'commit', r.sha), r.sha.slice(0, 7))}</li>`;
  });
  const pulls = repo.pulls
    .filter(p => p.state === 'open')
    .map(p => `<li>${link(href(host, repo, 'pull', String(p.number)), `#${p.number} ${escape(p.title)}`)}</li>`);
  const files = head
    ? `<h2>Files on <code>${escape(repo.defaultBranch)}</code></h2>
<p>${link(href(host, repo, 'commits', repo.defaultBranch), 'Commits')} · latest ${link(href(host, repo, 'commit', head), `<code>${head.slice(0, 7)}</code>`)}</p>${listing(host, repo, repo.defaultBranch, head, '')}`
    : '<p>This repository is empty.</p>';
  return page(
    `${repo.owner}/${repo.name}`,
    `<h1>${escape(repo.owner)}/${escape(repo.name)}</h1>${repo.description ? `<p>${escape(repo.description)}</p>` : ''}<p>Clone: <code>${escape(host.cloneUrl(repo))}</code></p>
${files}
<h2>Branches</h2><ul>${branches.join('') || '<li>none</li>'}</ul><h2>Open pull requests</h2><ul>${pulls.join('') || '<li>none</li>'}</ul>`,
  );
}

/** A directory (or, as GitHub redirects, a file) at a ref. */
function treePage(host: GitHost, repo: HostedRepo, at: { ref: string; sha: string; path: string }): WebReply {
  const object = repo.git.pathObject(at.sha, at.path);
  if (!object) return notFound();
  if (object.type === 'blob') return blobPage(host, repo, at);
  if (object.type !== 'tree') return notFound();
  return html(
    page(
      `${repo.name}/${at.path} at ${at.ref} · ${repo.owner}/${repo.name}`,
      `${repoHeading(host, repo)}${breadcrumbs(host, repo, at.ref, at.path)}
<p>${link(href(host, repo, 'commits', at.ref), 'Commits')} · at ${link(href(host, repo, 'commit', at.sha), `<code>${at.sha.slice(0, 7)}</code>`)}</p>
${listing(host, repo, at.ref, at.sha, at.path)}`,
    ),
  );
}

/** A file at a ref (or, given a directory, its listing); `edit` shows it read-only. */
function blobPage(host: GitHost, repo: HostedRepo, at: { ref: string; sha: string; path: string }, edit = false): WebReply {
  const object = repo.git.pathObject(at.sha, at.path);
  if (!object) return notFound();
  if (object.type === 'tree') return treePage(host, repo, at);
  if (object.type !== 'blob' || !at.path) return notFound();
  const content = repo.git.readObject(object.sha);
  const binary = content.subarray(0, 8000).includes(0);
  const note = edit
    ? `<p class="muted" data-testid="read-only">The sandbox git host has no editor: change the file in a clone of <code>${escape(host.cloneUrl(repo))}</code> and push, or through the REST API.</p>`
    : '';
  return html(
    page(
      `${at.path} at ${at.ref} · ${repo.owner}/${repo.name}`,
      `${repoHeading(host, repo)}${breadcrumbs(host, repo, at.ref, at.path)}${note}
<p>${content.length} bytes · ${link(href(host, repo, 'raw', at.ref, at.path), 'Raw')} · at ${link(href(host, repo, 'commit', at.sha), `<code>${at.sha.slice(0, 7)}</code>`)}</p>
${binary ? '<p class="muted">Binary file, not shown.</p>' : preformatted(content)}`,
    ),
  );
}

/** A commit: message, author, parents, its changes against its first parent. */
function commitPage(host: GitHost, repo: HostedRepo, named: string): WebReply {
  const at = refAndPath(repo, [named]);
  const commit = at && !at.path ? repo.git.commit(at.sha) : undefined;
  if (!commit) return notFound();
  const [subject, ...body] = commit.message.split('\n');
  const parents = commit.parents.map(p => link(href(host, repo, 'commit', p), `<code>${p.slice(0, 7)}</code>`));
  const diff = repo.git.diff(commit.parents[0] ?? EMPTY_TREE, commit.sha);
  return html(
    page(
      `${subject} · ${repo.owner}/${repo.name}@${commit.sha.slice(0, 7)}`,
      `${repoHeading(host, repo)}<h1>${escape(subject)}</h1>
${body.join('\n').trim() ? `<pre>${escape(body.join('\n').trim())}</pre>` : ''}
<p>${escape(commit.author.name)} &lt;${escape(commit.author.email)}&gt; committed on ${escape(commit.committer.date)}</p>
<p>commit <code data-testid="commit-sha">${commit.sha}</code>${parents.length ? ` · ${parents.length > 1 ? 'parents' : 'parent'} ${parents.join(' + ')}` : ' · root commit'} · ${link(href(host, repo, 'tree', commit.sha), 'Browse files')}</p>
<h2>Changes</h2>${diff ? preformatted(diff) : '<p class="muted">No changes.</p>'}`,
    ),
  );
}

/** The newest commits of a ref. */
function commitsPage(host: GitHost, repo: HostedRepo, segments: string[]): WebReply {
  const at = segments.length ? refAndPath(repo, segments) : refAndPath(repo, ['HEAD']);
  if (!at || at.path) return notFound();
  const commits = repo.git.recentCommits(at.sha, 100).map(
    c => `<li>${link(href(host, repo, 'commit', c.sha), `<code>${c.sha.slice(0, 7)}</code>`)} ${escape(c.subject)} <span class="muted">${escape(c.author)}, ${escape(c.date)}</span></li>`,
  );
  return html(
    page(
      `Commits · ${at.ref} · ${repo.owner}/${repo.name}`,
      `${repoHeading(host, repo)}<h1>Commits on <code>${escape(at.ref)}</code></h1><ul>${commits.join('')}</ul>`,
    ),
  );
}

/** An account: the repositories it owns. */
function accountPage(host: GitHost, login: string): WebReply {
  const owned = host.all().filter(r => r.owner.toLowerCase() === login.toLowerCase());
  if (!owned.length && !host.isKnownAccount(login)) return notFound();
  const items = owned
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(r => `<li>${link(host.htmlUrl(r), escape(r.name))}${r.description ? ` <span class="muted">${escape(r.description)}</span>` : ''}</li>`);
  return html(page(login, `<h1>${escape(login)}</h1><h2>Repositories</h2><ul>${items.join('') || '<li>none</li>'}</ul>`));
}

/** The host's front page: its accounts and how many repositories each owns. */
function indexPage(host: GitHost): WebReply {
  const owners = [...new Set(host.all().map(r => r.owner))].sort();
  const items = owners.map(o => `<li>${link(`${host.baseUrl}/${encodeURIComponent(o)}`, escape(o))} <span class="muted">${host.all().filter(r => r.owner === o).length} repositories</span></li>`);
  return html(page('Sandbox git host', `<h1>Sandbox git host</h1><p>GitHub's REST API at <code>${escape(host.apiBaseUrl)}</code>.</p><h2>Accounts</h2><ul>${items.join('') || '<li>none</li>'}</ul>`));
}

/** An account's avatar (its `avatar_url`): its initial on a colour of its own. */
function avatar(login: string): WebReply {
  const hue = [...login].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const initial = escape((login[0] ?? '?').toUpperCase());
  return text(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue},45%,55%)"/><text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">${initial}</text></svg>`,
    'image/svg+xml',
  );
}

/** The web page (or raw file, diff, patch) at a path of the host, or its 404. */
export function answerWeb(host: GitHost, path: string): WebReply {
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return notFound();
  }
  const [owner, name, kind, ...rest] = segments;
  if (!owner) return indexPage(host);
  if (!name) {
    const png = /^(.+)\.png$/.exec(owner);
    return png ? avatar(png[1]) : accountPage(host, owner);
  }
  const repo = host.find(owner, name);
  if (!repo) return notFound();
  if (!kind) return html(repositoryPage(host, repo));
  if (kind === 'pull' && rest.length === 1) {
    const m = /^(\d+)(\.diff|\.patch)?$/.exec(rest[0]);
    const pull = m ? repo.pulls.find(p => p.number === Number(m[1])) : undefined;
    if (!m || !pull) return notFound();
    if (m[2] === '.diff') return text(pullRequestDiff(host, repo, pull));
    if (m[2] === '.patch') return text(pullRequestPatch(host, repo, pull));
    return html(pullRequestPage(host, repo, pull));
  }
  if (kind === 'commit' && rest.length === 1) return commitPage(host, repo, rest[0]);
  if (kind === 'commits') return commitsPage(host, repo, rest);
  const at = ['tree', 'blob', 'edit', 'raw'].includes(kind) ? refAndPath(repo, rest) : undefined;
  if (!at) return notFound();
  if (kind === 'tree') return treePage(host, repo, at);
  if (kind === 'blob' || kind === 'edit') return blobPage(host, repo, at, kind === 'edit');
  const object = repo.git.pathObject(at.sha, at.path);
  return object?.type === 'blob' ? text(repo.git.readObject(object.sha)) : notFound();
}
