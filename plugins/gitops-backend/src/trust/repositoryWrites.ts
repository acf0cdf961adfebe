import {
  GitOpsApplication,
  repositoryKey,
} from '@gitops-suite/plugin-gitops-common';

export { repositoryKey };

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
