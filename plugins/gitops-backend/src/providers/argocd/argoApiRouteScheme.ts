import type { ResourceRef } from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationListQuery,
  ApplicationRef,
  ApplicationSetRef,
  GitOpsProxyRules,
  ResourceLogQuery,
  ResourceTarget,
} from '@gitops-suite/plugin-gitops-node';
import type { AgentQuery, AgentRequest } from '../http/AgentHttpClient';
import type {
  ArgoApplication,
  ArgoApplicationSet,
  ArgoCluster,
  ArgoRepository,
} from './argoCdTypes';
import { argoCdProxyRules } from './argoCdProxyRules';
import { LEAN_APPLICATION_FIELDS } from './leanFields';

/** A call to an agent, without the per-call signal and timeout. */
export type AgentCall = Omit<AgentRequest, 'signal' | 'timeoutMs'>;

/** A list call and how to take Argo CD's objects out of its answer. */
export interface ListRoute<T> {
  call: AgentCall;
  items(body: unknown): T[];
}

/** An Argo CD ApplicationSet and the identifier its API gave it, if any. */
export interface IdentifiedApplicationSet {
  set: ArgoApplicationSet;
  id?: string;
}

/**
 * Where an API that serves Argo CD's payloads keeps them: Argo CD's own
 * routes, or a gateway in front of Argo CD (Harness GitOps) with its own
 * paths, parameter names, scoping and envelopes. The calls and the
 * normalization are the same for both ({@link ArgoApiProvider}); a scheme
 * says only where each call goes and how an answer is unwrapped.
 */
export interface ArgoApiRouteScheme {
  /** The application list call; `cutToLean` when the server cannot select fields. */
  list(query: ApplicationListQuery): {
    path: string;
    query: AgentQuery;
    cutToLean: boolean;
  };
  /** An application's route (`suffix`: `/resource-tree`, `/sync`, ...). */
  application(
    ref: ApplicationRef,
    suffix?: string,
    refresh?: 'normal' | 'hard',
  ): { path: string; query: AgentQuery };
  /** The query and body of an operation (`/sync`, `/rollback`), given Argo CD's body. */
  operation(body: Record<string, unknown>): {
    query?: AgentQuery;
    body: Record<string, unknown>;
  };
  /** Terminates the application's running operation. */
  terminateOperation(ref: ApplicationRef): AgentCall;
  /**
   * Patches the application's spec with a JSON merge patch (`patch`, the
   * patch as a JSON string); the answer is the patched application.
   */
  patchApplication(ref: ApplicationRef, patch: string): AgentCall;
  /** The actions offered on one resource of the application. */
  resourceActions(ref: ApplicationRef, resource: ResourceRef): AgentCall;
  /** Runs one action on one resource of the application. */
  runResourceAction(
    ref: ApplicationRef,
    resource: ResourceRef,
    action: string,
  ): AgentCall;
  /** The Argo CD Application in an answer (a gateway may wrap it). */
  unwrap(body: unknown): ArgoApplication;
  applicationSets: ListRoute<IdentifiedApplicationSet>;
  /**
   * One ApplicationSet; undefined when the API cannot address `set` as
   * given (Harness reads sets by identifier only).
   */
  applicationSet(set: ApplicationSetRef): AgentCall | undefined;
  /** A search for sets by name, where the API reads sets by identifier only. */
  applicationSetSearch?(name: string): ListRoute<IdentifiedApplicationSet>;
  /** Deletes one ApplicationSet; undefined as for {@link applicationSet}. */
  deleteApplicationSet(set: ApplicationSetRef): AgentCall | undefined;
  createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
  ): AgentCall;
  /** The applications an ApplicationSet would generate (nothing is created). */
  generateApplicationSet(manifest: Record<string, unknown>): AgentCall;
  /** One AppProject by name. */
  project(name: string): AgentCall;
  /** The Argo CD ApplicationSet in an answer, with its identifier. */
  unwrapApplicationSet(body: unknown): IdentifiedApplicationSet;
  clusters: ListRoute<ArgoCluster>;
  repositories: ListRoute<ArgoRepository>;
  /** The read-only paths the guarded proxy forwards (through `passThroughQuery`). */
  proxy: GitOpsProxyRules;
  /** A read passed through as is, with the scoping the API needs added. */
  passThroughQuery(query: URLSearchParams): URLSearchParams;
  /** The live manifest of one resource of an application. */
  resource(ref: ApplicationRef, resource: ResourceTarget): AgentCall;
  /** The Kubernetes events of one resource of an application. */
  resourceEvents(ref: ApplicationRef, resource: ResourceTarget): AgentCall;
  /** The log lines of a resource's pods (a newline-delimited JSON stream). */
  resourceLogs(
    ref: ApplicationRef,
    resource: ResourceTarget,
    query: ResourceLogQuery,
  ): AgentCall;
}

/**
 * Argo CD's patch request of an application
 * (applicationApplicationPatchRequest): a JSON merge patch.
 */
export function argoMergePatchRequest(ref: ApplicationRef, patch: string) {
  return {
    name: ref.name,
    appNamespace: ref.namespace,
    project: ref.project,
    patch,
    patchType: 'merge',
  };
}

/** A number as a query parameter (undefined stays out). */
export function numberParam(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function argoItems<T>(body: unknown): T[] {
  return (body as { items?: T[] | null } | undefined)?.items ?? [];
}

/** The query naming one resource of an application (`/resource/actions`). */
function argoResourceQuery(
  ref: ApplicationRef,
  resource: ResourceRef,
): AgentQuery {
  return {
    namespace: resource.namespace ?? '',
    resourceName: resource.name,
    version: resource.version ?? '',
    group: resource.group ?? '',
    kind: resource.kind,
    appNamespace: ref.namespace,
    project: ref.project,
  };
}

/** Argo CD's own routes (`/api/v1/...`), as its swagger names them. */
export const argoCdRouteScheme: ArgoApiRouteScheme = {
  list: query => ({
    path: '/api/v1/applications',
    query: {
      selector: query.selector,
      projects: query.projects,
      name: query.name,
      appNamespace: query.appNamespace,
      fields: query.lean ? LEAN_APPLICATION_FIELDS : undefined,
    },
    cutToLean: false,
  }),
  application: (ref, suffix = '', refresh) => ({
    path: `/api/v1/applications/${encodeURIComponent(ref.name)}${suffix}`,
    query: { appNamespace: ref.namespace, project: ref.project, refresh },
  }),
  operation: body => ({ body }),
  // ApplicationService_TerminateOperation: query appNamespace, project
  terminateOperation: ref => ({
    method: 'DELETE',
    ...argoCdRouteScheme.application(ref, '/operation'),
  }),
  // ApplicationService_Patch: applicationApplicationPatchRequest
  patchApplication: (ref, patch) => ({
    method: 'PATCH',
    path: `/api/v1/applications/${encodeURIComponent(ref.name)}`,
    body: argoMergePatchRequest(ref, patch),
  }),
  // ApplicationService_ListResourceActions
  resourceActions: (ref, resource) => ({
    path: `/api/v1/applications/${encodeURIComponent(
      ref.name,
    )}/resource/actions`,
    query: argoResourceQuery(ref, resource),
  }),
  // ApplicationService_RunResourceAction: the resource in the query, the
  // body the action's name as a JSON string (the v1 route, which Argo CD
  // 2.x and 3.x both serve; v2 with parameters exists from 3.0 only)
  runResourceAction: (ref, resource, action) => ({
    method: 'POST',
    path: `/api/v1/applications/${encodeURIComponent(
      ref.name,
    )}/resource/actions`,
    query: argoResourceQuery(ref, resource),
    body: action,
  }),
  unwrap: body => body as ArgoApplication,
  applicationSets: {
    call: { path: '/api/v1/applicationsets' },
    items: body => argoItems<ArgoApplicationSet>(body).map(set => ({ set })),
  },
  applicationSet: ({ name }) => ({
    path: `/api/v1/applicationsets/${encodeURIComponent(name)}`,
  }),
  // ApplicationSetService_Delete
  deleteApplicationSet: ({ name }) => ({
    method: 'DELETE',
    path: `/api/v1/applicationsets/${encodeURIComponent(name)}`,
  }),
  createApplicationSet: (manifest, flags) => ({
    method: 'POST',
    path: '/api/v1/applicationsets',
    query: { upsert: String(flags.upsert), dryRun: String(flags.dryRun) },
    body: manifest,
  }),
  // ApplicationSetService_Generate: `applicationsetApplicationSetGenerateRequest`
  generateApplicationSet: manifest => ({
    method: 'POST',
    path: '/api/v1/applicationsets/generate',
    body: { applicationSet: manifest },
  }),
  project: name => ({
    path: `/api/v1/projects/${encodeURIComponent(name)}`,
  }),
  unwrapApplicationSet: body => ({ set: body as ArgoApplicationSet }),
  clusters: { call: { path: '/api/v1/clusters' }, items: argoItems },
  repositories: { call: { path: '/api/v1/repositories' }, items: argoItems },
  proxy: argoCdProxyRules,
  passThroughQuery: query => query,
  // ApplicationService_GetResource
  resource: (ref, resource) => ({
    path: `/api/v1/applications/${encodeURIComponent(ref.name)}/resource`,
    query: {
      namespace: resource.namespace,
      resourceName: resource.name,
      version: resource.version,
      group: resource.group,
      kind: resource.kind,
      appNamespace: ref.namespace,
      project: ref.project,
    },
  }),
  // ApplicationService_ListResourceEvents: Argo CD finds the resource in
  // the application's tree by namespace, name and UID
  resourceEvents: (ref, resource) => ({
    path: `/api/v1/applications/${encodeURIComponent(ref.name)}/events`,
    query: {
      resourceNamespace: resource.namespace,
      resourceName: resource.name,
      resourceUID: resource.uid,
      appNamespace: ref.namespace,
      project: ref.project,
    },
  }),
  // ApplicationService_PodLogs2: the pods of the resource (itself when a Pod)
  resourceLogs: (ref, resource, query) => ({
    path: `/api/v1/applications/${encodeURIComponent(ref.name)}/logs`,
    query: {
      namespace: resource.namespace,
      kind: resource.kind,
      group: resource.group ?? '',
      resourceName: resource.name,
      container: query.container,
      tailLines: numberParam(query.tailLines),
      sinceSeconds: numberParam(query.sinceSeconds),
      follow: String(Boolean(query.follow)),
      appNamespace: ref.namespace,
      project: ref.project,
    },
  }),
};
