import {
  GitOpsApplication,
  ResourceDiff,
  ResourceTree,
  RevisionMetadata,
  RollbackRequest,
  SyncRequest,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationListQuery,
  ApplicationRef,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import { AgentHttpClient, AgentQuery } from '../http/AgentHttpClient';
import type {
  ArgoApplication,
  ArgoApplicationList,
  ArgoResourceDiff,
  ArgoResourceTree,
  ArgoRevisionMetadata,
  ArgoSyncWindowsResponse,
} from './argoCdTypes';
import { LEAN_APPLICATION_FIELDS, leanArgoApplication } from './leanFields';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';
import {
  normalizeResourceDiffs,
  normalizeResourceTree,
} from './normalizeResources';
import { normalizeRevisionMetadata } from './normalizeRevisionMetadata';
import { normalizeSyncWindows } from './normalizeSyncWindows';

/**
 * Where an API that serves Argo CD's application payloads keeps them: Argo
 * CD's own routes, or a gateway in front of Argo CD (Harness GitOps) with
 * its own paths, parameter names, scoping and envelopes. The calls and the
 * normalization are the same for both ({@link ArgoApplicationApi}).
 */
export interface ApplicationRouteScheme {
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
  /** The Argo CD Application in an answer (a gateway may wrap it). */
  unwrap(body: unknown): ArgoApplication;
}

/** Argo CD's own routes (`/api/v1/applications/...`), as its swagger names them. */
export const argoCdRouteScheme: ApplicationRouteScheme = {
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
  unwrap: body => body as ArgoApplication,
};

/**
 * Argo CD's application API over one route scheme: list, read, resource
 * tree, managed resources (the diff), revision metadata, sync windows,
 * refresh, sync and rollback, each answer normalized once, here.
 */
export class ArgoApplicationApi {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly scheme: ApplicationRouteScheme,
    private readonly context: NormalizeContext,
  ) {}

  async listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]> {
    const call = this.scheme.list(query);
    const list = await this.http.json<ArgoApplicationList>({
      path: call.path,
      query: call.query,
      signal: options?.signal,
    });
    return (list.items ?? []).map(item => {
      const app = this.scheme.unwrap(item);
      return normalizeApplication(
        call.cutToLean ? leanArgoApplication(app) : app,
        this.context,
      );
    });
  }

  async getApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return normalizeApplication(
      await this.rawApplication(ref, options),
      this.context,
    );
  }

  async refresh(
    ref: ApplicationRef,
    mode: 'normal' | 'hard',
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return normalizeApplication(
      await this.rawApplication(ref, options, mode),
      this.context,
    );
  }

  async getResourceTree(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceTree> {
    const [tree, app] = await Promise.all([
      this.http.json<ArgoResourceTree>({
        ...this.scheme.application(ref, '/resource-tree'),
        signal: options?.signal,
      }),
      this.rawApplication(ref, options),
    ]);
    return normalizeResourceTree(tree, app.status?.resources);
  }

  async getManagedResources(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceDiff[]> {
    const [managed, app] = await Promise.all([
      this.http.json<{ items?: ArgoResourceDiff[] | null }>({
        ...this.scheme.application(ref, '/managed-resources'),
        signal: options?.signal,
      }),
      this.rawApplication(ref, options),
    ]);
    return normalizeResourceDiffs(managed.items ?? [], app.status?.resources);
  }

  async getRevisionMetadata(
    ref: ApplicationRef,
    revision: string,
    options?: ProviderCallOptions,
  ): Promise<RevisionMetadata> {
    const raw = await this.http.json<ArgoRevisionMetadata>({
      ...this.scheme.application(
        ref,
        `/revisions/${encodeURIComponent(revision)}/metadata`,
      ),
      signal: options?.signal,
    });
    return normalizeRevisionMetadata(revision, raw);
  }

  async getSyncWindows(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<SyncWindow[]> {
    const raw = await this.http.json<ArgoSyncWindowsResponse>({
      ...this.scheme.application(ref, '/syncwindows'),
      signal: options?.signal,
    });
    return normalizeSyncWindows(raw);
  }

  sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.operate(
      ref,
      '/sync',
      {
        name: ref.name,
        ...(ref.namespace && { appNamespace: ref.namespace }),
        ...(ref.project && { project: ref.project }),
        ...(request.revision && { revision: request.revision }),
        prune: Boolean(request.prune),
        dryRun: Boolean(request.dryRun),
        ...(request.resources?.length && {
          resources: request.resources.map(r => ({
            group: r.group ?? '',
            kind: r.kind,
            name: r.name,
            namespace: r.namespace ?? '',
          })),
        }),
        ...(request.syncOptions?.length && {
          syncOptions: { items: request.syncOptions },
        }),
      },
      options,
    );
  }

  rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.operate(
      ref,
      '/rollback',
      {
        name: ref.name,
        id: String(request.id),
        dryRun: Boolean(request.dryRun),
        prune: Boolean(request.prune),
        ...(ref.namespace && { appNamespace: ref.namespace }),
        ...(ref.project && { project: ref.project }),
      },
      options,
    );
  }

  private async operate(
    ref: ApplicationRef,
    suffix: string,
    argoBody: Record<string, unknown>,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    const { query, body } = this.scheme.operation(argoBody);
    const answer = await this.http.json<unknown>({
      method: 'POST',
      path: this.scheme.application(ref, suffix).path,
      ...(query && { query }),
      body,
      signal: options?.signal,
    });
    return normalizeApplication(this.scheme.unwrap(answer), this.context);
  }

  private async rawApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
    refresh?: 'normal' | 'hard',
  ): Promise<ArgoApplication> {
    return this.scheme.unwrap(
      await this.http.json<unknown>({
        ...this.scheme.application(ref, '', refresh),
        signal: options?.signal,
      }),
    );
  }
}
