import { InputError } from '@backstage/errors';

/*
 * The read-only agent paths the guarded proxy forwards, per provider kind,
 * each with the query parameters it may carry. Read-only means free of side
 * effects, not only GET: Argo CD reconciles an application on
 * `GET ...?refresh=` and drops its repository cache on `forceRefresh`, so
 * those never pass. Anything else (sessions, accounts, certificates, GPG
 * keys, settings, every write) is refused. A segment is one path element of
 * safe characters. Parameters are the swagger's (`reference/argocd`) and
 * Harness's (`reference/harness`), plus `fields`, which Argo CD honours on
 * lists without the swagger saying so.
 */
const SEG = '[A-Za-z0-9._:~-]+';

/**
 * One forwarded path, the query parameters allowed on it, and those of them a
 * caller must give (the agent's API requires them and the provider cannot
 * choose them for the caller).
 */
export interface ProxyRoute {
  path: RegExp;
  query: readonly string[];
  required?: readonly string[];
}

const route = (
  path: string,
  query: readonly string[] = [],
  required: readonly string[] = [],
): ProxyRoute => ({
  path: new RegExp(`^${path}$`),
  query: [...query, ...required],
  ...(required.length ? { required } : {}),
});

const ARGO_APP_SCOPE = ['appNamespace', 'project'];
const ARGO_RESOURCE = ['namespace', 'name', 'version', 'group', 'kind'];

const ARGOCD: ProxyRoute[] = [
  route('/api/version'),
  route('/api/v1/applications', [
    'name',
    'projects',
    'resourceVersion',
    'selector',
    'repo',
    'fields',
    ...ARGO_APP_SCOPE,
  ]),
  route(`/api/v1/applications/${SEG}`, [
    'projects',
    'resourceVersion',
    'selector',
    'repo',
    ...ARGO_APP_SCOPE,
  ]),
  route(`/api/v1/applications/${SEG}/(resource-tree|managed-resources)`, [
    ...ARGO_RESOURCE,
    ...ARGO_APP_SCOPE,
  ]),
  route(`/api/v1/applications/${SEG}/syncwindows`, ARGO_APP_SCOPE),
  route(`/api/v1/applications/${SEG}/events`, [
    'resourceNamespace',
    'resourceName',
    'resourceUID',
    ...ARGO_APP_SCOPE,
  ]),
  route(`/api/v1/applications/${SEG}/links`, ['namespace', 'project']),
  route(`/api/v1/applications/${SEG}/revisions/${SEG}/metadata`, [
    'sourceIndex',
    'versionId',
    ...ARGO_APP_SCOPE,
  ]),
  route('/api/v1/applicationsets', ['projects', 'selector', 'appsetNamespace']),
  route(`/api/v1/applicationsets/${SEG}`, ['appsetNamespace']),
  route('/api/v1/clusters', ['server', 'name', 'id.type', 'id.value']),
  route('/api/v1/repositories', ['repo', 'appProject']),
  route('/api/v1/projects', ['name']),
  route(`/api/v1/projects/${SEG}`),
  route(`/api/v1/projects/${SEG}/syncwindows`),
];

/** Set by the provider on every Harness call; a caller's value is replaced. */
const HARNESS_SCOPE = [
  'accountIdentifier',
  'routingId',
  'orgIdentifier',
  'projectIdentifier',
];
const HARNESS_APP = ['query.project', 'query.appNamespace', ...HARNESS_SCOPE];
const HARNESS_AGENT = `/gitops/api/v1/agents/${SEG}`;
const HARNESS_RESOURCE = [
  'query.namespace',
  'query.version',
  'query.group',
  'query.kind',
];

/*
 * Each Harness path takes the parameters of its operation in the Harness Go
 * SDK (reference/harness/sdk-operations.json; harnessSdkContract.test.ts
 * checks every route against it): the agent list requires `type`; revision
 * metadata and sync windows take nothing but the scope; the resource tree
 * and managed resources take a resource's coordinates, not the
 * application's namespace or project (only their doc comments list those).
 */
const HARNESS: ProxyRoute[] = [
  // AgentServiceForServerList
  route(
    '/gitops/api/v1/agents',
    ['searchTerm', 'pageSize', 'pageIndex', ...HARNESS_SCOPE],
    ['type'],
  ),
  // AgentServiceForServerGet
  route(HARNESS_AGENT, HARNESS_SCOPE),
  // AgentApplicationServiceList
  route(`${HARNESS_AGENT}/applications`, [
    'query.name',
    'query.resourceVersion',
    'query.selector',
    'query.repo',
    ...HARNESS_APP,
  ]),
  // AgentApplicationServiceGet
  route(`${HARNESS_AGENT}/applications/${SEG}`, [
    'query.resourceVersion',
    'query.selector',
    'query.repo',
    ...HARNESS_APP,
  ]),
  // AgentApplicationServiceResourceTree
  route(`${HARNESS_AGENT}/applications/${SEG}/resource-tree`, [
    ...HARNESS_RESOURCE,
    ...HARNESS_SCOPE,
  ]),
  // AgentApplicationServiceManagedResources
  route(`${HARNESS_AGENT}/applications/${SEG}/managed-resources`, [
    'query.name',
    ...HARNESS_RESOURCE,
    ...HARNESS_SCOPE,
  ]),
  // AgentApplicationServiceGetApplicationSyncWindows
  route(`${HARNESS_AGENT}/applications/${SEG}/syncwindows`, HARNESS_SCOPE),
  // AgentApplicationServiceListResourceEvents
  route(`${HARNESS_AGENT}/applications/${SEG}/events`, [
    'query.resourceNamespace',
    'query.resourceName',
    'query.resourceUID',
    ...HARNESS_APP,
  ]),
  // AgentApplicationServiceRevisionMetadata
  route(
    `${HARNESS_AGENT}/applications/${SEG}/revisions/${SEG}/metadata`,
    HARNESS_SCOPE,
  ),
  // AgentClusterServiceList, AgentRepositoryServiceListRepositories
  route(`${HARNESS_AGENT}/clusters`, HARNESS_SCOPE),
  route(`${HARNESS_AGENT}/repositories`, HARNESS_SCOPE),
];

/** Query parameters with a side effect, and what the effect is. */
const SIDE_EFFECTS: Record<string, Record<string, string>> = {
  argocd: {
    refresh:
      'makes Argo CD reconcile the application (use the audited refresh operation instead)',
    forceRefresh: "makes Argo CD drop its repository server's cache",
    noCache: 'makes Argo CD regenerate manifests',
  },
  harness: {
    'query.refresh':
      'makes the agent reconcile the application (use the audited refresh operation instead)',
    'query.forceRefresh': "makes the agent drop its repository server's cache",
  },
};

const BY_KIND: Record<string, readonly ProxyRoute[]> = {
  argocd: ARGOCD,
  harness: HARNESS,
};

/** The routes the proxy forwards to an agent of `kind`. */
export function proxyRoutes(kind: string): readonly ProxyRoute[] {
  return BY_KIND[kind] ?? [];
}

/**
 * The route that allows a GET of `path` on an agent of `kind`, if any.
 * `extra` paths (from `gitops.proxy.allowedPaths`) take no query parameters.
 */
export function findProxyRoute(
  kind: string,
  path: string,
  extra: RegExp[] = [],
): ProxyRoute | undefined {
  return (
    (BY_KIND[kind] ?? []).find(r => r.path.test(path)) ??
    extra.filter(re => re.test(path)).map(re => ({ path: re, query: [] }))[0]
  );
}

/** Whether the proxy may forward a GET of `path` to an agent of `kind`. */
export function isAllowedProxyPath(
  kind: string,
  path: string,
  extra: RegExp[] = [],
): boolean {
  return findProxyRoute(kind, path, extra) !== undefined;
}

/**
 * Refuses, naming the parameter, any query parameter that is not allowed on
 * the route: one with a side effect says what it would do; any other says
 * which parameters the path takes; and a required one that is missing. Nothing
 * refused reaches the agent.
 */
export function checkProxyQuery(
  kind: string,
  allowed: ProxyRoute,
  path: string,
  query: URLSearchParams,
): void {
  for (const name of new Set(query.keys())) {
    const effect = SIDE_EFFECTS[kind]?.[name];
    if (effect) {
      throw new InputError(
        `The GitOps proxy only forwards reads without side effects: query parameter '${name}' ${effect}`,
      );
    }
    if (!allowed.query.includes(name)) {
      throw new InputError(
        `The GitOps proxy does not forward query parameter '${name}' on ${path}${
          allowed.query.length
            ? `; it takes ${allowed.query.join(', ')}`
            : '; it takes none'
        }`,
      );
    }
  }
  const missing = (allowed.required ?? []).filter(name => !query.has(name));
  if (missing.length) {
    throw new InputError(
      `The GitOps proxy needs query parameter${
        missing.length > 1 ? 's' : ''
      } ${missing.map(name => `'${name}'`).join(', ')} on ${path}`,
    );
  }
}
