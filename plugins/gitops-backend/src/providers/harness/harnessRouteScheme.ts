import type { ApplicationRouteScheme } from '../argocd/ArgoApplicationApi';
import type { ArgoApplication } from '../argocd/argoCdTypes';
import type { AgentQuery } from '../http/AgentHttpClient';
import type { HarnessScope } from './harnessApplicationUiUrl';
import type { HarnessApplicationWrapper } from './harnessTypes';

/** An Argo CD Application, whether or not Harness wrapped it. */
export function unwrapHarnessApplication(body: unknown): ArgoApplication {
  const wrapper = body as HarnessApplicationWrapper;
  return wrapper && 'app' in wrapper && wrapper.app
    ? wrapper.app
    : (body as ArgoApplication);
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
export function harnessRouteScheme(
  scope: HarnessScope,
): ApplicationRouteScheme {
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
  };
}
