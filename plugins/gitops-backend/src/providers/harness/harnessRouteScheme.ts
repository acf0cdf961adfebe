import type { ArgoApiRouteScheme } from '../argocd/argoApiRouteScheme';
import type {
  ArgoApplication,
  ArgoApplicationSet,
} from '../argocd/argoCdTypes';
import type { AgentQuery } from '../http/AgentHttpClient';
import type { HarnessScope } from './harnessApplicationUiUrl';
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

/** An Argo CD ApplicationSet, whether or not Harness wrapped it. */
function unwrapHarnessApplicationSet(body: unknown): ArgoApplicationSet {
  const set = body as HarnessApplicationSetWrapper;
  return set.applicationset ?? set.appset ?? set;
}

/** The items of a Harness list answer (`content`, or `items`). */
function page<T>(body: unknown): T[] {
  const list = body as HarnessPage<T> | undefined;
  return list?.content ?? list?.items ?? [];
}

/**
 * Harness's scoping of every call: `accountIdentifier` and `routingId` (both
 * the account), the org and the project (see reference NOTES.md).
 */
export function harnessScopeQuery(
  scope: HarnessScope,
  extra: AgentQuery = {},
): AgentQuery {
  return {
    accountIdentifier: scope.accountIdentifier,
    routingId: scope.accountIdentifier,
    orgIdentifier: scope.orgIdentifier,
    projectIdentifier: scope.projectIdentifier,
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

/** `/gitops/api/v1/agents/{agentIdentifier}` and what follows. */
export function harnessAgentPath(scope: HarnessScope, suffix: string): string {
  return `/gitops/api/v1/agents/${encodeURIComponent(
    scope.agentIdentifier,
  )}${suffix}`;
}

/**
 * Harness GitOps's gateway to the Argo CD under one agent: per-agent paths,
 * `query.`-prefixed parameters, the scope on every call and in every body,
 * applications possibly wrapped (`{app}`), and no `fields` selection (lean
 * lists are cut here, before normalizing).
 */
export function harnessRouteScheme(scope: HarnessScope): ArgoApiRouteScheme {
  const agentScopeBody = {
    ...harnessScopeBody(scope),
    agentIdentifier: scope.agentIdentifier,
  };
  return {
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
    application: (ref, suffix = '', refresh) => ({
      path: harnessAgentPath(
        scope,
        `/applications/${encodeURIComponent(ref.name)}${suffix}`,
      ),
      query: harnessScopeQuery(scope, {
        'query.appNamespace': ref.namespace,
        'query.project': ref.project,
        'query.refresh': refresh,
      }),
    }),
    operation: body => ({
      query: harnessScopeQuery(scope),
      body: { ...harnessScopeBody(scope), ...body },
    }),
    unwrap: unwrapHarnessApplication,
    applicationSets: {
      call: {
        method: 'POST',
        path: '/gitops/api/v1/applicationsets',
        query: harnessScopeQuery(scope),
        body: agentScopeBody,
      },
      items: body =>
        page<HarnessApplicationSetWrapper>(body).map(
          unwrapHarnessApplicationSet,
        ),
    },
    // no applicationSet(name): Harness reads one by its UUID only
    createApplicationSet: (manifest, flags) => ({
      method: 'POST',
      path: '/gitops/api/v1/applicationset',
      query: harnessScopeQuery(scope, {
        agentIdentifier: scope.agentIdentifier,
      }),
      body: {
        ...agentScopeBody,
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
      items: body => page<HarnessClusterWrapper>(body).map(c => c.cluster ?? c),
    },
    repositories: {
      call: {
        path: harnessAgentPath(scope, '/repositories'),
        query: harnessScopeQuery(scope),
      },
      items: body =>
        page<HarnessRepositoryWrapper>(body).map(r => r.repository ?? r),
    },
    passThroughQuery: query => {
      const scoped = new URLSearchParams(query);
      for (const [key, value] of Object.entries(harnessScopeQuery(scope))) {
        if (typeof value === 'string') scoped.set(key, value);
      }
      return scoped;
    },
  };
}
