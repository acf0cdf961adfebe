/** `owner/name` of a repository URL (`https://host/acme/svc.git` → `acme/svc`), else the URL. */
export function repositoryName(repoUrl: string): string {
  try {
    return new URL(repoUrl).pathname
      .replace(/^\/+|\/+$/g, '')
      .replace(/\.git$/, '');
  } catch {
    return repoUrl;
  }
}
