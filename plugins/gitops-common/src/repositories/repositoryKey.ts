/**
 * A repository URL as Argo CD compares them: host lowercased, no scheme or
 * user, no `.git`, no trailing slash; `git@host:owner/repo` and
 * `ssh://git@host/owner/repo` and the scaffolder's RepoUrlPicker value
 * `host?owner=owner&repo=repo` name the same repository as
 * `https://host/owner/repo`. Undefined for what names no repository.
 * @public
 */
export function repositoryKey(url: string | undefined): string | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  const scp = /^[\w.-]+@([^:/]+):(.+)$/.exec(value);
  const picker = /^([^/?:]+(?::\d+)?)\?(.*)$/.exec(value);
  let host: string;
  let path: string;
  if (scp) {
    [, host, path] = scp;
  } else if (picker) {
    // the scaffolder's RepoUrlPicker value: `host?owner=acme&repo=shop`
    const params = new URLSearchParams(picker[2]);
    const owner = params.get('owner') ?? params.get('organization');
    const repo = params.get('repo');
    if (!owner || !repo) return undefined;
    host = picker[1];
    path = `${owner}/${repo}`;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return undefined;
    }
    host = parsed.host;
    path = decodeURIComponent(parsed.pathname);
  }
  const cleaned = path
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/^\/+/, '');
  if (!host || !cleaned) return undefined;
  return `${host.toLowerCase()}/${cleaned}`;
}
