import {
  GITOPS_PROXY_SEGMENT as SEG,
  GitOpsProxyRules,
  gitopsProxyRoute as route,
} from '@gitops-suite/plugin-gitops-node';

/** Set by the provider on every Harness call; a caller's value is replaced. */
const SCOPE = [
  'accountIdentifier',
  'routingId',
  'orgIdentifier',
  'projectIdentifier',
];
const APP = ['query.project', 'query.appNamespace', ...SCOPE];
const AGENT = `/gitops/api/v1/agents/${SEG}`;
const RESOURCE = [
  'query.namespace',
  'query.version',
  'query.group',
  'query.kind',
];

/**
 * What the guarded proxy forwards to a Harness GitOps agent: its read-only
 * paths, each with the parameters of its operation in the Harness Go SDK
 * (reference/harness/sdk-operations.json; harnessSdkContract.test.ts checks
 * every route against it). The agent list requires `type`; revision metadata
 * and sync windows take nothing but the scope; the resource tree and managed
 * resources take a resource's coordinates, not the application's namespace
 * or project (only their doc comments list those).
 */
export const harnessProxyRules: GitOpsProxyRules = {
  routes: [
    // AgentServiceForServerList
    route(
      '/gitops/api/v1/agents',
      ['searchTerm', 'pageSize', 'pageIndex', ...SCOPE],
      ['type'],
    ),
    // AgentServiceForServerGet
    route(AGENT, SCOPE),
    // AgentApplicationServiceList
    route(`${AGENT}/applications`, [
      'query.name',
      'query.resourceVersion',
      'query.selector',
      'query.repo',
      ...APP,
    ]),
    // AgentApplicationServiceGet
    route(`${AGENT}/applications/${SEG}`, [
      'query.resourceVersion',
      'query.selector',
      'query.repo',
      ...APP,
    ]),
    // AgentApplicationServiceResourceTree
    route(`${AGENT}/applications/${SEG}/resource-tree`, [
      ...RESOURCE,
      ...SCOPE,
    ]),
    // AgentApplicationServiceManagedResources
    route(`${AGENT}/applications/${SEG}/managed-resources`, [
      'query.name',
      ...RESOURCE,
      ...SCOPE,
    ]),
    // AgentApplicationServiceGetApplicationSyncWindows
    route(`${AGENT}/applications/${SEG}/syncwindows`, SCOPE),
    // AgentApplicationServiceListResourceEvents
    route(`${AGENT}/applications/${SEG}/events`, [
      'query.resourceNamespace',
      'query.resourceName',
      'query.resourceUID',
      ...APP,
    ]),
    // AgentApplicationServiceRevisionMetadata
    route(`${AGENT}/applications/${SEG}/revisions/${SEG}/metadata`, SCOPE),
    // AgentClusterServiceList, AgentRepositoryServiceListRepositories
    route(`${AGENT}/clusters`, SCOPE),
    route(`${AGENT}/repositories`, SCOPE),
  ],
  sideEffects: {
    'query.refresh':
      'makes the agent reconcile the application (use the audited refresh operation instead)',
    'query.forceRefresh': "makes the agent drop its repository server's cache",
  },
};
