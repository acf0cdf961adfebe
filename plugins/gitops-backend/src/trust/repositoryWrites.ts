import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';

/**
 * A repository URL as Argo CD compares them: host lowercased, no scheme or
 * user, no `.git`, no trailing slash; `git@host:owner/repo` and
 * `ssh://git@host/owner/repo` and the scaffolder's RepoUrlPicker value
 * `host?owner=owner&repo=repo` name the same repository as
 * `https://host/owner/repo`. Undefined for what names no repository.
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

/** A path inside a repository: no `./`, no leading or trailing `/`; `''` for the root. */
export function repositoryPath(path: string | undefined): string {
  const segments: string[] = [];
  for (const segment of (path ?? '').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

function within(file: string, folder: string): boolean {
  return folder === '' || file === folder || file.startsWith(`${folder}/`);
}

/**
 * The applications a change to `paths` of a repository deploys: those with
 * a source in the repository whose path holds a changed file. A changed
 * file outside every application's path (a Kustomize base, shared values,
 * anything the overlays may reference) touches every application of the
 * repository; so does a change whose paths are not known yet.
 */
export function applicationsTouched(
  applications: GitOpsApplication[],
  repoUrl: string,
  paths: string[] | undefined,
): GitOpsApplication[] {
  const key = repositoryKey(repoUrl);
  if (!key) return [];
  const deploying = applications
    .map(app => ({
      app,
      folders: (app.sources ?? [])
        .filter(source => repositoryKey(source.repoURL) === key)
        .map(source => repositoryPath(source.path)),
    }))
    .filter(entry => entry.folders.length > 0);
  if (paths === undefined) return deploying.map(entry => entry.app);
  const files = paths.map(repositoryPath);
  const touched = new Set<GitOpsApplication>();
  for (const file of files) {
    const holders = deploying.filter(entry =>
      entry.folders.some(folder => within(file, folder)),
    );
    for (const entry of holders.length ? holders : deploying) {
      touched.add(entry.app);
    }
  }
  return [...touched];
}
