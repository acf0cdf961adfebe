import {
  argoMergePatchRequest,
  numberParam,
} from '../argocd/argoApiRouteScheme';
import type {
  AgentCall,
  ArgoApiRouteScheme,
  IdentifiedApplicationSet,
} from '../argocd/argoApiRouteScheme';
import type { ArgoApplication } from '../argocd/argoCdTypes';
import type { AgentQuery } from '../http/AgentHttpClient';
import type { HarnessScope } from './harnessApplicationUiUrl';
import { harnessProxyRules } from './harnessProxyRules';
import { withSdkSyncStrategy } from './harnessSyncStrategy';
import type {
  HarnessApplicationSetWrapper,
  HarnessApplicationWrapper,
  HarnessClusterWrapper,
  HarnessPage,
  HarnessRepositoryWrapper,
} from './harnessTypes';

/** An Argo CD Application, whether or not Harness wrapped it. */
export function unwrapHarnessApplication(body: unknown): ArgoApplication {
  const wrapper = body as HarnessApplicationWrapper;
  return wrapper && 'app' in wrapper && wrapper.app
    ? wrapper.app
    : (body as ArgoApplication);
}

/**
 * An Argo CD ApplicationSet, whether or not Harness wrapped it, with the
 * identifier Harness gave it (`Servicev1ApplicationSet.identifier`).
 */
function unwrapHarnessApplicationSet(body: unknown): IdentifiedApplicationSet {
  const wrapper = body as HarnessApplicationSetWrapper;
  const set = wrapper.applicationset ?? wrapper.appset ?? wrapper;
  return wrapper.identifier ? { set, id: wrapper.identifier } : { set };
}

/** The items of a Harness list answer (`content`, or `items`). */
function page<T>(body: unknown): T[] {
  const list = body as HarnessPage<T> | undefined;
  return list?.content ?? list?.items ?? [];
}

/**
 * Harness's scoping of a call, as query parameters: `accountIdentifier` and
 * `routingId` (both the account), the org and the project (see reference
 * NOTES.md). The SDK always sends the parameters an operation requires, empty
 * when unset (an account-scoped agent has no org or project), so they are
 * never left out here either.
 */
export function harnessScopeQuery(
  scope: HarnessScope,
  extra: AgentQuery = {},
): AgentQuery {
  return {
    accountIdentifier: scope.accountIdentifier,
    routingId: scope.accountIdentifier,
    orgIdentifier: scope.orgIdentifier ?? '',
    projectIdentifier: scope.projectIdentifier ?? '',
    ...extra,
  };
}

/** The scope as request bodies repeat it. */
export function harnessScopeBody(scope: HarnessScope): Record<string, string> {
  return {
    accountIdentifier: scope.accountIdentifier,
    ...(scope.orgIdentifier && { orgIdentifier: scope.orgIdentifier }),
    ...(scope.projectIdentifier && {
      projectIdentifier: scope.projectIdentifier,
    }),
  };
}

/** How many sets a search by name reads: names are unique per agent. */
const SEARCH_PAGE_SIZE = 100;

/** ApplicationSetServiceList: the scope, the agent and a query in the body. */
function applicationSetList(
  scope: HarnessScope,
  query: Record<string, unknown> = {},
): AgentCall {
  return {
    method: 'POST',
    path: '/gitops/api/v1/applicationsets',
    body: {
      ...harnessScopeBody(scope),
      agentIdentifier: scope.agentIdentifier,
      ...query,
    },
  };
}

/** `/gitops/api/v1/agents/{agentIdentifier}` and what follows. */
export function harnessAgentPath(scope: HarnessScope, suffix: string): string {
  return `/gitops/api/v1/agents/${encodeURIComponent(
    scope.agentIdentifier,
  )}${suffix}`;
}

/**
 * Harness GitOps's gateway to the Argo CD under one agent, each call as the
 * Harness Go SDK sends it (shared/reference/harness/sdk-operations.json,
 * checked by harnessSdkContract.test.ts): per-agent paths, `query.`-prefixed
 * parameters, the scope as query parameters (in the body only where the
 * body's model holds it: the ApplicationSet list), bodies with their model's
 * fields only, applications possibly wrapped (`{app}`), and no `fields`
 * selection (lean lists are cut here, before normalizing).
 */
export function harnessRouteScheme(scope: HarnessScope): ArgoApiRouteScheme {
  return {
    // AgentApplicationServiceList
    list: query => ({
      path: harnessAgentPath(scope, '/applications'),
      query: harnessScopeQuery(scope, {
        'query.selector': query.selector,
        'query.project': query.projects,
        'query.name': query.name,
        'query.appNamespace': query.appNamespace,
      }),
      cutToLean: Boolean(query.lean),
    }),
    // AgentApplicationServiceGet takes the application's namespace, project
    // and refresh. Its sub-resources take none of them: revision metadata and
    // sync windows take no optional parameter at all, and ResourceTree and
    // ManagedResources list `query.appNamespace` and `query.project` in their
    // doc comments only (the spec's), which the SDK's code never sends. Where
    // the SDK and the docs disagree this follows the SDK. The sync and
    // rollback paths (`/sync`, `/rollback`) carry the namespace and project
    // in their bodies (see `operation`).
    application: (ref, suffix = '', refresh) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}${suffix}`,
      ),
      query: harnessScopeQuery(
        scope,
        suffix === ''
          ? {
              'query.appNamespace': ref.namespace,
              'query.project': ref.project,
              'query.refresh': refresh,
            }
          : {},
      ),
    }),
    // AgentApplicationServiceSync / Rollback: the scope as query parameters,
    // the body Argo CD's request (ApplicationsApplicationSyncRequest and
    // ApplicationsApplicationRollbackRequest have no scope fields) with the
    // SDK's sync strategy
    operation: body => ({
      query: harnessScopeQuery(scope),
      body: withSdkSyncStrategy(body),
    }),
    // AgentApplicationServiceTerminateOperation: the scope only
    terminateOperation: ref => ({
      method: 'DELETE',
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/operation`,
      ),
      query: harnessScopeQuery(scope),
    }),
    // AgentApplicationServicePatch: no query; the scope in the body
    // (Servicev1ApplicationPatchRequest), Argo CD's patch request in
    // `request`
    patchApplication: (ref, patch) => ({
      method: 'PATCH',
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}`,
      ),
      body: {
        ...harnessScopeBody(scope),
        agentIdentifier: scope.agentIdentifier,
        request: argoMergePatchRequest(ref, patch),
      },
    }),
    // AgentApplicationServiceListResourceActions: the resource as
    // `request.`-prefixed query parameters
    resourceActions: (ref, resource) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/resource/actions`,
      ),
      query: harnessScopeQuery(scope, {
        'request.namespace': resource.namespace ?? '',
        'request.resourceName': resource.name,
        'request.version': resource.version ?? '',
        'request.group': resource.group ?? '',
        'request.kind': resource.kind,
        'request.appNamespace': ref.namespace,
        'request.project': ref.project,
      }),
    }),
    // AgentApplicationServiceRunResourceAction: the scope as (optional)
    // query parameters, the body ApplicationsResourceActionRunRequest
    runResourceAction: (ref, resource, action) => ({
      method: 'POST',
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/resource/actions`,
      ),
      query: harnessScopeQuery(scope),
      body: {
        name: ref.name,
        namespace: resource.namespace ?? '',
        resourceName: resource.name,
        version: resource.version ?? '',
        group: resource.group ?? '',
        kind: resource.kind,
        action,
        ...(ref.namespace && { appNamespace: ref.namespace }),
        ...(ref.project && { project: ref.project }),
      },
    }),
    unwrap: unwrapHarnessApplication,
    // ApplicationSetServiceList sends no query string: its scope is in the
    // V1ApplicationSetQuery body, with the agent
    applicationSets: {
      call: applicationSetList(scope),
      items: body =>
        page<HarnessApplicationSetWrapper>(body).map(
          unwrapHarnessApplicationSet,
        ),
    },
    // ApplicationSetServiceGet reads a set by its identifier only
    applicationSet: ({ id }) =>
      id
        ? {
            path: `/gitops/api/v1/applicationset/${encodeURIComponent(id)}`,
            query: harnessScopeQuery(scope, {
              agentIdentifier: scope.agentIdentifier,
            }),
          }
        : undefined,
    // a name alone: ApplicationSetServiceList's own search (`searchTerm`,
    // a substring match; the caller keeps the exact name), one page
    applicationSetSearch: name => ({
      call: applicationSetList(scope, {
        searchTerm: name,
        pageSize: SEARCH_PAGE_SIZE,
        pageIndex: 0,
      }),
      items: body =>
        page<HarnessApplicationSetWrapper>(body).map(
          unwrapHarnessApplicationSet,
        ),
    }),
    // ApplicationSetServiceDelete, by identifier as Get
    deleteApplicationSet: ({ id }) =>
      id
        ? {
            method: 'DELETE',
            path: `/gitops/api/v1/applicationset/${encodeURIComponent(id)}`,
            query: harnessScopeQuery(scope, {
              agentIdentifier: scope.agentIdentifier,
            }),
          }
        : undefined,
    // ApplicationSetServiceCreate: the scope and the agent as query
    // parameters, the body ApplicationsApplicationSetCreateRequest
    // ({applicationset, upsert, dryRun})
    createApplicationSet: (manifest, flags) => ({
      method: 'POST',
      path: '/gitops/api/v1/applicationset',
      query: harnessScopeQuery(scope, {
        agentIdentifier: scope.agentIdentifier,
      }),
      body: {
        applicationset: manifest,
        upsert: flags.upsert,
        dryRun: flags.dryRun,
      },
    }),
    // ApplicationSetServiceGenerate: the body model
    // (ApplicationsApplicationSetGenerateRequest) holds only `applicationset`
    generateApplicationSet: manifest => ({
      method: 'POST',
      path: '/gitops/api/v1/applicationset/generate',
      query: harnessScopeQuery(scope, {
        agentIdentifier: scope.agentIdentifier,
      }),
      body: { applicationset: manifest },
    }),
    // AgentProjectServiceGet: the SDK sends the scope without routingId
    project: name => ({
      path: harnessAgentPath(scope, `/projects/${encodeURIComponent(name)}`),
      query: {
        accountIdentifier: scope.accountIdentifier,
        orgIdentifier: scope.orgIdentifier,
        projectIdentifier: scope.projectIdentifier,
      },
    }),
    unwrapApplicationSet: unwrapHarnessApplicationSet,
    clusters: {
      call: {
        path: harnessAgentPath(scope, '/clusters'),
        query: harnessScopeQuery(scope),
      },
      // the wrapper's identifier names the cluster too: a destination may
      // give it instead of the cluster's name
      items: body =>
        page<HarnessClusterWrapper>(body).map(c =>
          c.cluster
            ? {
                ...c.cluster,
                ...(c.identifier && { identifier: c.identifier }),
              }
            : c,
        ),
    },
    repositories: {
      call: {
        path: harnessAgentPath(scope, '/repositories'),
        query: harnessScopeQuery(scope),
      },
      items: body =>
        page<HarnessRepositoryWrapper>(body).map(r => r.repository ?? r),
    },
    proxy: harnessProxyRules,
    passThroughQuery: query => {
      const scoped = new URLSearchParams(query);
      for (const [key, value] of Object.entries(harnessScopeQuery(scope))) {
        if (typeof value === 'string') scoped.set(key, value);
      }
      return scoped;
    },
    // AgentApplicationServiceGetResource: the request's fields with a
    // `request.` prefix; the scope is optional for it in the SDK, which
    // sends it as every other call does
    resource: (ref, resource) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/resource`,
      ),
      query: harnessScopeQuery(scope, {
        'request.namespace': resource.namespace,
        'request.resourceName': resource.name,
        'request.version': resource.version,
        'request.group': resource.group,
        'request.kind': resource.kind,
        'request.appNamespace': ref.namespace,
        'request.project': ref.project,
      }),
    }),
    // AgentApplicationServiceListResourceEvents
    resourceEvents: (ref, resource) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/events`,
      ),
      query: harnessScopeQuery(scope, {
        'query.resourceNamespace': resource.namespace,
        'query.resourceName': resource.name,
        'query.resourceUID': resource.uid,
        'query.appNamespace': ref.namespace,
        'query.project': ref.project,
      }),
    }),
    // AgentApplicationServicePodLogs2: the pods of the resource
    resourceLogs: (ref, resource, query) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}/logs`,
      ),
      query: harnessScopeQuery(scope, {
        'query.namespace': resource.namespace,
        'query.kind': resource.kind,
        'query.group': resource.group ?? '',
        'query.resourceName': resource.name,
        'query.container': query.container,
        'query.tailLines': numberParam(query.tailLines),
        'query.sinceSeconds': numberParam(query.sinceSeconds),
        'query.follow': String(Boolean(query.follow)),
        'query.appNamespace': ref.namespace,
        'query.project': ref.project,
      }),
    }),
  };
}
