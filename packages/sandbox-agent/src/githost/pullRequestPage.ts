import { GitHost, HostedPullRequest, HostedRepo } from './GitHost';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}code,pre{background:#f6f8fa;padding:.1rem .3rem}pre{padding:1rem;overflow:auto}.state{padding:.2rem .6rem;border-radius:1rem;color:#fff}.open{background:#1f883d}.merged{background:#8250df}.closed{background:#cf222e}</style>
</head><body>${body}</body></html>`;
}

function stateOf(pull: HostedPullRequest): string {
  if (pull.merged) return 'merged';
  return pull.state;
}

/** The web page of a pull request on the sandbox's git host. */
export function pullRequestPage(host: GitHost, repo: HostedRepo, pull: HostedPullRequest): string {
  const head = host.headSha(repo, pull);
  const base = repo.git.refSha(`refs/heads/${pull.base}`) ?? head;
  const mergeBase = pull.merged ? pull.mergeCommitSha! : base;
  const diff = pull.merged
    ? repo.git.diff(`${mergeBase}^1`, mergeBase)
    : repo.git.diff(base, head);
  const state = stateOf(pull);
  return page(
    `${pull.title} · Pull Request #${pull.number} · ${repo.owner}/${repo.name}`,
    `<p><a href="${escape(host.htmlUrl(repo))}">${escape(repo.owner)}/${escape(repo.name)}</a></p>
<h1>${escape(pull.title)} <span>#${pull.number}</span></h1>
<p><span class="state ${state}" data-testid="pull-request-state">${state}</span>
 ${escape(pull.user)} wants to merge <code>${escape(pull.head)}</code> into <code>${escape(pull.base)}</code>
 (head <code>${head.slice(0, 7)}</code>${pull.mergeCommitSha ? `, merged as <code data-testid="merge-commit">${pull.mergeCommitSha}</code>` : ''})</p>
${pull.body ? `<p>${escape(pull.body)}</p>` : ''}
<h2>Files changed</h2><pre>${escape(diff)}</pre>`,
  );
}

/** The web page of a repository: branches and open pull requests. */
export function repositoryPage(host: GitHost, repo: HostedRepo): string {
  const branches = repo.git.refs('refs/heads/').map(r => `<li><code>${escape(r.ref.slice(11))}</code> ${r.sha.slice(0, 7)}</li>`);
  const pulls = repo.pulls
    .filter(p => p.state === 'open')
    .map(p => `<li><a href="${escape(host.htmlUrl(repo))}/pull/${p.number}">#${p.number} ${escape(p.title)}</a></li>`);
  return page(
    `${repo.owner}/${repo.name}`,
    `<h1>${escape(repo.owner)}/${escape(repo.name)}</h1><p>Clone: <code>${escape(host.cloneUrl(repo))}</code></p>
<h2>Branches</h2><ul>${branches.join('')}</ul><h2>Open pull requests</h2><ul>${pulls.join('') || '<li>none</li>'}</ul>`,
  );
}
