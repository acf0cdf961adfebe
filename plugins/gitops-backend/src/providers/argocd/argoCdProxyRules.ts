import {
  GITOPS_PROXY_SEGMENT as SEG,
  GitOpsProxyRules,
  gitopsProxyRoute as route,
} from '@gitops-suite/plugin-gitops-node';

/*
 * The read-only Argo CD paths the guarded proxy forwards, each with the query
 * parameters it may carry. Read-only means free of side effects, not only
 * GET: Argo CD reconciles an application on `GET ...?refresh=` and drops its
 * repository cache on `forceRefresh`, so those never pass. Anything else
 * (sessions, accounts, certificates, GPG keys, settings, every write) is
 * refused. Parameters are the swagger's (`reference/argocd`), plus `fields`,
 * which Argo CD honours on lists without the swagger saying so.
 */
const APP_SCOPE = ['appNamespace', 'project'];
const RESOURCE = ['namespace', 'name', 'version', 'group', 'kind'];

/** What the guarded proxy forwards to an Argo CD API server. */
export const argoCdProxyRules: GitOpsProxyRules = {
  routes: [
    route('/api/version'),
    route('/api/v1/applications', [
      'name',
      'projects',
      'resourceVersion',
      'selector',
      'repo',
      'fields',
      ...APP_SCOPE,
    ]),
    route(`/api/v1/applications/${SEG}`, [
      'projects',
      'resourceVersion',
      'selector',
      'repo',
      ...APP_SCOPE,
    ]),
    route(`/api/v1/applications/${SEG}/(resource-tree|managed-resources)`, [
      ...RESOURCE,
      ...APP_SCOPE,
    ]),
    route(`/api/v1/applications/${SEG}/syncwindows`, APP_SCOPE),
    route(`/api/v1/applications/${SEG}/events`, [
      'resourceNamespace',
      'resourceName',
      'resourceUID',
      ...APP_SCOPE,
    ]),
    route(`/api/v1/applications/${SEG}/links`, ['namespace', 'project']),
    route(`/api/v1/applications/${SEG}/revisions/${SEG}/metadata`, [
      'sourceIndex',
      'versionId',
      ...APP_SCOPE,
    ]),
    route('/api/v1/applicationsets', [
      'projects',
      'selector',
      'appsetNamespace',
    ]),
    route(`/api/v1/applicationsets/${SEG}`, ['appsetNamespace']),
    route('/api/v1/clusters', ['server', 'name', 'id.type', 'id.value']),
    route('/api/v1/repositories', ['repo', 'appProject']),
    route('/api/v1/projects', ['name']),
    route(`/api/v1/projects/${SEG}`),
    route(`/api/v1/projects/${SEG}/syncwindows`),
  ],
  sideEffects: {
    refresh:
      'makes Argo CD reconcile the application (use the audited refresh operation instead)',
    forceRefresh: "makes Argo CD drop its repository server's cache",
    noCache: 'makes Argo CD regenerate manifests',
  },
};
