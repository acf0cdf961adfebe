import {
  GitOpsAgentInfo,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
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
  ApplicationSetCreateResult,
  GitOpsAgentError,
  GitOpsProvider,
  GitOpsProviderFactory,
  GitOpsProviderFactoryOptions,
  ProviderCallOptions,
  ListSnapshot,
  RawAgentResponse,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { AgentHttpClient } from '../http/AgentHttpClient';
import { agentInfoFromConfig } from '../agentInfoFromConfig';
import { ArgoCdSessionAuth } from './ArgoCdSessionAuth';
import type {
  ArgoApplication,
  ArgoApplicationList,
  ArgoApplicationSet,
  ArgoCluster,
  ArgoRepository,
  ArgoResourceDiff,
  ArgoResourceTree,
  ArgoRevisionMetadata,
  ArgoSyncWindowsResponse,
  ArgoVersion,
} from './argoCdTypes';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';
import {
  normalizeResourceDiffs,
  normalizeResourceTree,
} from './normalizeResources';
import { normalizeRevisionMetadata } from './normalizeRevisionMetadata';
import { normalizeSyncWindows } from './normalizeSyncWindows';
import { normalizeApplicationSet } from './normalizeApplicationSet';
import { normalizeCluster, normalizeRepository } from './normalizeInventory';
import { LEAN_APPLICATION_FIELDS } from './leanFields';
import { ArgoCdWatcher } from './ArgoCdWatcher';

const enc = encodeURIComponent;

/** Speaks Argo CD's REST API v1 (the API server of one Argo CD instance). */
export class ArgoCdProvider implements GitOpsProvider {
  static factory: GitOpsProviderFactory = options =>
    new ArgoCdProvider(options);

  readonly agent: GitOpsAgentInfo;
  private readonly http: AgentHttpClient;
  private readonly context: NormalizeContext;
  private readonly watcher: ArgoCdWatcher;

  constructor(options: GitOpsProviderFactoryOptions) {
    const { agent } = options;
    this.agent = agentInfoFromConfig(agent);
    const credentials = agent.config.getOptionalConfig('credentials');
    const auth = new ArgoCdSessionAuth(
      agent.id,
      agent.url,
      {
        token: credentials?.getOptionalString('token'),
        username: credentials?.getOptionalString('username'),
        password: credentials?.getOptionalString('password'),
      },
      agent.timeoutMs,
    );
    this.http = new AgentHttpClient({
      agentId: agent.id,
      baseUrl: agent.url,
      timeoutMs: agent.timeoutMs,
      authHeaders: () => auth.headers(),
      renewCredential: auth.canRenew ? () => auth.renew() : undefined,
      secrets: () => auth.secrets(),
    });
    this.context = {
      agentId: agent.id,
      agentKind: agent.kind,
      uiUrl: agent.uiUrl,
      environments: options.environments,
    };
    this.watcher = new ArgoCdWatcher(this.http, this.context);
  }

  private appPath(ref: ApplicationRef, suffix = ''): string {
    return `/api/v1/applications/${enc(ref.name)}${suffix}`;
  }

  private appQuery(ref: ApplicationRef): Record<string, string | undefined> {
    return { appNamespace: ref.namespace, project: ref.project };
  }

  async getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus> {
    const checkedAt = new Date().toISOString();
    try {
      const version = await this.http.json<ArgoVersion>({
        path: '/api/version',
        signal: options?.signal,
      });
      // the version endpoint is public: prove the credential too
      await this.http.json({
        path: '/api/v1/session/userinfo',
        signal: options?.signal,
      });
      return {
        agentId: this.agent.id,
        kind: this.agent.kind,
        state: 'connected',
        version: version.Version,
        checkedAt,
      };
    } catch (error) {
      if (!(error instanceof GitOpsAgentError)) throw error;
      return {
        agentId: this.agent.id,
        kind: this.agent.kind,
        state:
          error.code === 'unreachable' || error.code === 'timeout'
            ? 'disconnected'
            : 'error',
        message: error.message,
        checkedAt,
      };
    }
  }

  async listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]> {
    const list = await this.http.json<ArgoApplicationList>({
      path: '/api/v1/applications',
      query: {
        selector: query.selector,
        projects: query.projects,
        name: query.name,
        appNamespace: query.appNamespace,
        fields: query.lean ? LEAN_APPLICATION_FIELDS : undefined,
      },
      signal: options?.signal,
    });
    return (list.items ?? []).map(app =>
      normalizeApplication(app, this.context),
    );
  }

  snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    return this.watcher.snapshotApplications(options);
  }

  watchApplications(options: WatchOptions<GitOpsApplication>): Promise<void> {
    return this.watcher.watchApplications(options);
  }

  snapshotApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>> {
    return this.watcher.snapshotApplicationSets(options);
  }

  watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void> {
    return this.watcher.watchApplicationSets(options);
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

  private rawApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
    refresh?: 'normal' | 'hard',
  ): Promise<ArgoApplication> {
    return this.http.json<ArgoApplication>({
      path: this.appPath(ref),
      query: { ...this.appQuery(ref), refresh },
      signal: options?.signal,
    });
  }

  async getResourceTree(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceTree> {
    const [tree, app] = await Promise.all([
      this.http.json<ArgoResourceTree>({
        path: this.appPath(ref, '/resource-tree'),
        query: this.appQuery(ref),
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
        path: this.appPath(ref, '/managed-resources'),
        query: this.appQuery(ref),
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
      path: this.appPath(ref, `/revisions/${enc(revision)}/metadata`),
      query: this.appQuery(ref),
      signal: options?.signal,
    });
    return normalizeRevisionMetadata(revision, raw);
  }

  async getSyncWindows(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<SyncWindow[]> {
    const raw = await this.http.json<ArgoSyncWindowsResponse>({
      path: this.appPath(ref, '/syncwindows'),
      query: this.appQuery(ref),
      signal: options?.signal,
    });
    return normalizeSyncWindows(raw);
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

  async sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    const raw = await this.http.json<ArgoApplication>({
      method: 'POST',
      path: this.appPath(ref, '/sync'),
      body: {
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
      signal: options?.signal,
    });
    return normalizeApplication(raw, this.context);
  }

  async rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    const raw = await this.http.json<ArgoApplication>({
      method: 'POST',
      path: this.appPath(ref, '/rollback'),
      body: {
        name: ref.name,
        id: String(request.id),
        dryRun: Boolean(request.dryRun),
        prune: Boolean(request.prune),
        ...(ref.namespace && { appNamespace: ref.namespace }),
        ...(ref.project && { project: ref.project }),
      },
      signal: options?.signal,
    });
    return normalizeApplication(raw, this.context);
  }

  async listApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet[]> {
    const list = await this.http.json<{ items?: ArgoApplicationSet[] | null }>({
      path: '/api/v1/applicationsets',
      signal: options?.signal,
    });
    return (list.items ?? []).map(set =>
      normalizeApplicationSet(set, this.agent.id),
    );
  }

  async getApplicationSet(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet> {
    const raw = await this.http.json<ArgoApplicationSet>({
      path: `/api/v1/applicationsets/${enc(name)}`,
      signal: options?.signal,
    });
    return normalizeApplicationSet(raw, this.agent.id);
  }

  async createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult> {
    const raw = await this.http.json<ArgoApplicationSet>({
      method: 'POST',
      path: '/api/v1/applicationsets',
      query: { upsert: String(flags.upsert), dryRun: String(flags.dryRun) },
      body: manifest,
      signal: options?.signal,
    });
    return {
      applicationSet: normalizeApplicationSet(raw, this.agent.id),
      dryRun: flags.dryRun,
    };
  }

  async listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]> {
    const list = await this.http.json<{ items?: ArgoCluster[] | null }>({
      path: '/api/v1/clusters',
      signal: options?.signal,
    });
    return (list.items ?? []).map(c =>
      normalizeCluster(c, this.agent.id, this.agent.region),
    );
  }

  async listRepositories(
    options?: ProviderCallOptions,
  ): Promise<GitOpsRepository[]> {
    const list = await this.http.json<{ items?: ArgoRepository[] | null }>({
      path: '/api/v1/repositories',
      signal: options?.signal,
    });
    return (list.items ?? []).map(r => normalizeRepository(r, this.agent.id));
  }

  async rawGet(
    path: string,
    query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse> {
    return this.http.raw({ path, query, signal: options?.signal });
  }
}
