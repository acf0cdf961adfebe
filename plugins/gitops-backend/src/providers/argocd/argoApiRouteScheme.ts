import type { ResourceRef } from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationListQuery,
  ApplicationRef,
} from '@gitops-suite/plugin-gitops-node';
import type { AgentQuery, AgentRequest } from '../http/AgentHttpClient';
import type {
  ArgoApplication,
  ArgoApplicationSet,
  ArgoCluster,
  ArgoRepository,
} from './argoCdTypes';
import { LEAN_APPLICATION_FIELDS } from './leanFields';

/** A call to an agent, without the per-call signal and timeout. */
export type AgentCall = Omit<AgentRequest, 'signal' | 'timeoutMs'>;

/** A list call and how to take Argo CD's objects out of its answer. */
export interface ListRoute<T> {
  call: AgentCall;
  items(body: unknown): T[];
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
  applicationSets: ListRoute<ArgoApplicationSet>;
  /** One ApplicationSet by name; undefined when the API reads them by id only. */
  applicationSet?(name: string): AgentCall;
  createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
  ): AgentCall;
  /** The applications an ApplicationSet would generate (nothing is created). */
  generateApplicationSet(manifest: Record<string, unknown>): AgentCall;
  /** One AppProject by name. */
  project(name: string): AgentCall;
  /** The Argo CD ApplicationSet in an answer. */
  unwrapApplicationSet(body: unknown): ArgoApplicationSet;
  clusters: ListRoute<ArgoCluster>;
  repositories: ListRoute<ArgoRepository>;
  /** A read passed through as is, with the scoping the API needs added. */
  passThroughQuery(query: URLSearchParams): URLSearchParams;
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
    items: argoItems,
  },
  applicationSet: name => ({
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
  unwrapApplicationSet: body => body as ArgoApplicationSet,
  clusters: { call: { path: '/api/v1/clusters' }, items: argoItems },
  repositories: { call: { path: '/api/v1/repositories' }, items: argoItems },
  passThroughQuery: query => query,
};
