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
  ArgoApplicationSet,
  ArgoCluster,
  ArgoRepository,
  ArgoVersion,
} from './argoCdTypes';
import { NormalizeContext } from './normalizeApplication';
import { ArgoApplicationApi, argoCdRouteScheme } from './ArgoApplicationApi';
import { normalizeApplicationSet } from './normalizeApplicationSet';
import { normalizeCluster, normalizeRepository } from './normalizeInventory';
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
  private readonly applications: ArgoApplicationApi;

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
    this.applications = new ArgoApplicationApi(
      this.http,
      argoCdRouteScheme,
      this.context,
    );
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

  listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]> {
    return this.applications.listApplications(query, options);
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

  getApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.applications.getApplication(ref, options);
  }

  getResourceTree(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceTree> {
    return this.applications.getResourceTree(ref, options);
  }

  getManagedResources(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceDiff[]> {
    return this.applications.getManagedResources(ref, options);
  }

  getRevisionMetadata(
    ref: ApplicationRef,
    revision: string,
    options?: ProviderCallOptions,
  ): Promise<RevisionMetadata> {
    return this.applications.getRevisionMetadata(ref, revision, options);
  }

  getSyncWindows(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<SyncWindow[]> {
    return this.applications.getSyncWindows(ref, options);
  }

  refresh(
    ref: ApplicationRef,
    mode: 'normal' | 'hard',
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.applications.refresh(ref, mode, options);
  }

  sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.applications.sync(ref, request, options);
  }

  rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    return this.applications.rollback(ref, request, options);
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
