/*
 * The read-only agent paths the guarded proxy forwards, per provider kind.
 * Anything else (sessions, accounts, certificates, GPG keys, settings, every
 * write) is refused. A segment is one path element of safe characters.
 */
const SEG = '[A-Za-z0-9._:~-]+';

const ARGOCD: RegExp[] = [
  '/api/version',
  '/api/v1/applications',
  `/api/v1/applications/${SEG}`,
  `/api/v1/applications/${SEG}/(resource-tree|managed-resources|syncwindows|events|links)`,
  `/api/v1/applications/${SEG}/revisions/${SEG}/metadata`,
  '/api/v1/applicationsets',
  `/api/v1/applicationsets/${SEG}`,
  '/api/v1/clusters',
  '/api/v1/repositories',
  '/api/v1/projects',
  `/api/v1/projects/${SEG}`,
  `/api/v1/projects/${SEG}/syncwindows`,
].map(p => new RegExp(`^${p}$`));

const HARNESS: RegExp[] = [
  '/gitops/api/v1/agents',
  `/gitops/api/v1/agents/${SEG}`,
  `/gitops/api/v1/agents/${SEG}/applications`,
  `/gitops/api/v1/agents/${SEG}/applications/${SEG}`,
  `/gitops/api/v1/agents/${SEG}/applications/${SEG}/(resource-tree|managed-resources|syncwindows|events)`,
  `/gitops/api/v1/agents/${SEG}/applications/${SEG}/revisions/${SEG}/metadata`,
  `/gitops/api/v1/agents/${SEG}/clusters`,
  `/gitops/api/v1/agents/${SEG}/repositories`,
].map(p => new RegExp(`^${p}$`));

const BY_KIND: Record<string, RegExp[]> = { argocd: ARGOCD, harness: HARNESS };

/** Whether the proxy may forward a GET of `path` to an agent of `kind`. */
export function isAllowedProxyPath(
  kind: string,
  path: string,
  extra: RegExp[] = [],
): boolean {
  return [...(BY_KIND[kind] ?? []), ...extra].some(re => re.test(path));
}
