import { GitHost, HostedPullRequest, HostedRepo } from './GitHost';

/** Text for HTML, element content and attribute values alike. */
export const escape = (text: string) =>
  text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of the host: plain HTML, one small style sheet, no script. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}code,pre{background:#f6f8fa;padding:.1rem .3rem}pre{padding:1rem;overflow:auto}.state{padding:.2rem .6rem;border-radius:1rem;color:#fff}.open{background:#1f883d}.merged{background:#8250df}.closed{background:#cf222e}ul.files{list-style:none;padding-left:0}ul.files li{padding:.15rem 0}.muted{color:#59636e}</style>
</head><body>${body}</body></html>`;
}

function stateOf(pull: HostedPullRequest): string {
  if (pull.merged) return 'merged';
  return pull.state;
}

/** The commits a pull request compares: its base and head, or for a merged one, the merge's first parent and the head it merged. */
function compared(host: GitHost, repo: HostedRepo, pull: HostedPullRequest): { from: string; to: string; head: string } {
  const head = host.headSha(repo, pull);
  if (pull.merged) return { from: `${pull.mergeCommitSha}^1`, to: pull.mergeCommitSha!, head };
  const base = repo.git.refSha(`refs/heads/${pull.base}`) ?? head;
  return { from: base, to: head, head };
}

/** A pull request's changes as a unified diff (its `diff_url`). */
export function pullRequestDiff(host: GitHost, repo: HostedRepo, pull: HostedPullRequest): string {
  const { from, to } = compared(host, repo, pull);
  return repo.git.diff(from, to);
}

/** A pull request's commits as a patch series (its `patch_url`). */
export function pullRequestPatch(host: GitHost, repo: HostedRepo, pull: HostedPullRequest): string {
  const { from, head } = compared(host, repo, pull);
  return repo.git.formatPatch(from, head);
}

/** The web page of a pull request on the sandbox's git host. */
export function pullRequestPage(host: GitHost, repo: HostedRepo, pull: HostedPullRequest): string {
  const { head } = compared(host, repo, pull);
  const diff = pullRequestDiff(host, repo, pull);
  const state = stateOf(pull);
  const commit = (sha: string, text: string) => `<a href="${escape(host.htmlUrl(repo))}/commit/${sha}">${text}</a>`;
  return page(
    `${pull.title} · Pull Request #${pull.number} · ${repo.owner}/${repo.name}`,
    `<p><a href="${escape(host.htmlUrl(repo))}">${escape(repo.owner)}/${escape(repo.name)}</a></p>
<h1>${escape(pull.title)} <span>#${pull.number}</span></h1>
<p><span class="state ${state}" data-testid="pull-request-state">${state}</span>
 ${escape(pull.user)} wants to merge <code>${escape(pull.head)}</code> into <code>${escape(pull.base)}</code>
 (head ${commit(head, `<code>${head.slice(0, 7)}</code>`)}${pull.mergeCommitSha ? `, merged as ${commit(pull.mergeCommitSha, `<code data-testid="merge-commit">${pull.mergeCommitSha}</code>`)}` : ''})</p>
${pull.body ? `<p>${escape(pull.body)}</p>` : ''}
<h2>Files changed</h2><pre>${escape(diff)}</pre>`,
  );
}
