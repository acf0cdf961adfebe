import {
  AutomatedSyncPolicy,
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
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationListQuery,
  ApplicationRef,
  ApplicationSetCreateResult,
  ApplicationSetRef,
  GitOpsAgentError,
  GitOpsProjectInfo,
  GitOpsProvider,
  GitOpsProxyRules,
  ListSnapshot,
  ProviderCallOptions,
  RawAgentResponse,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { ArgoResourceReads } from './ArgoResourceReads';
import { AgentHttpClient } from '../http/AgentHttpClient';
import type { GenerateCallOptions } from '../GenerateBounds';
import { ArgoApiRouteScheme, ListRoute } from './argoApiRouteScheme';
import { ArgoCdWatcher, WatchRoutes } from './ArgoCdWatcher';
import type {
  ArgoApplication,
  ArgoApplicationList,
  ArgoResourceDiff,
  ArgoResourceTree,
  ArgoRevisionMetadata,
  ArgoSyncWindowsResponse,
} from './argoCdTypes';
import { leanArgoApplication } from './leanFields';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';
import {
  normalizeResourceDiffs,
  normalizeResourceTree,
} from './normalizeResources';
import { normalizeRevisionMetadata } from './normalizeRevisionMetadata';
import { ArgoAppProject, normalizeProject } from './normalizeProject';
import { normalizeSyncWindows } from './normalizeSyncWindows';
import { ApplicationSetCalls } from './ApplicationSetCalls';
import { argoRollbackBody, argoSyncBody } from './operationBodies';
import { normalizeCluster, normalizeRepository } from './normalizeInventory';
import { ResourceOperations } from './resourceOperations';

/**
 * A provider for an API that serves Argo CD's payloads, over one route
 * scheme: applications (list, read, resource tree, managed resources,
 * revision metadata, sync windows, refresh, sync, rollback, terminate,
 * resource actions), ApplicationSets, clusters and repositories, each answer
 * normalized once, here (or in the files it delegates to). Argo CD
 * itself and Harness GitOps differ only in their scheme, their credentials
 * and how they report the agent's status.
 */
export abstract class ArgoApiProvider implements GitOpsProvider {
  private readonly applicationSetCalls: ApplicationSetCalls;
  private readonly reads: ArgoResourceReads;
  /** Follows the agent's watch streams (its lists to watch from, its changes). */
  protected readonly watcher: ArgoCdWatcher;

  /** The credential values of the agent's configuration. */
  abstract readonly secrets: readonly string[];

  protected constructor(
    readonly agent: GitOpsAgentInfo,
    protected readonly http: AgentHttpClient,
    protected readonly scheme: ArgoApiRouteScheme,
    protected readonly context: NormalizeContext,
    watchRoutes?: WatchRoutes,
  ) {
    this.applicationSetCalls = new ApplicationSetCalls(http, scheme, context);
    this.reads = new ArgoResourceReads(http, scheme);
    this.watcher = new ArgoCdWatcher(http, context, watchRoutes);
  }

  /** The read-only paths the guarded proxy forwards, as the scheme says. */
  get proxy(): GitOpsProxyRules {
    return this.scheme.proxy;
  }

  /** The lean application list with its resourceVersion, to watch from. */
  snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    return this.watcher.snapshotApplications(options);
  }

  /** Application changes from the agent's watch stream. */
  watchApplications(options: WatchOptions<GitOpsApplication>): Promise<void> {
    return this.watcher.watchApplications(options);
  }

  // a resource's live manifest, events and logs (ArgoResourceReads)
  getResourceManifest: GitOpsProvider['getResourceManifest'] = (...args) =>
    this.reads.manifest(...args);
  listResourceEvents: GitOpsProvider['listResourceEvents'] = (...args) =>
    this.reads.events(...args);
  streamResourceLogs: GitOpsProvider['streamResourceLogs'] = (...args) =>
    this.reads.logs(...args);

  abstract getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus>;

  private get operations() {
    return new ResourceOperations(this.http, this.scheme);
  }

  async terminateOperation(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<void> {
    await this.checkUserAccess(ref, 'terminate', options);
    return this.operations.terminate(ref, options);
  }

  listResourceActions(...args: Parameters<ResourceOperations['listActions']>) {
    return this.operations.listActions(...args);
  }

  async runResourceAction(
    ...args: Parameters<ResourceOperations['runAction']>
  ): Promise<void> {
    await this.checkUserAccess(args[0], 'action', args[3]);
    return this.operations.runAction(...args);
  }

  /**
   * Before an operation made as `options.user`, where the kind asks its
   * access control first (Harness); a kind that acts with the user's own
   * token (Argo CD) is answered by the agent itself.
   */
  protected async checkUserAccess(
    _ref: ApplicationRef,
    _action: AgentAccessAction,
    _options?: ProviderCallOptions,
  ): Promise<void> {}

  /** Optional per kind: the agent's access control asked about a user. */
  canI?(
    ref: ApplicationRef,
    actions: readonly AgentAccessAction[],
    options: ProviderCallOptions & { user: AgentUser },
  ): Promise<Record<string, AgentAccessDecision>>;

  /** The status of an agent whose status call failed with `error`. */
  protected failedStatus(error: unknown, checkedAt: string): GitOpsAgentStatus {
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
    await this.checkUserAccess(ref, 'refresh', options);
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
    const normalized = normalizeResourceTree(tree, app.status?.resources);
    // an Argo Rollouts Rollout carries its steps, weights and analysis
    await this.reads.rollouts(ref, normalized, options);
    return normalized;
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

  async sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    await this.checkUserAccess(ref, 'sync', options);
    return this.operate(ref, '/sync', argoSyncBody(ref, request), options);
  }

  async rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    await this.checkUserAccess(ref, 'rollback', options);
    return this.operate(
      ref,
      '/rollback',
      argoRollbackBody(ref, request),
      options,
    );
  }

  /** Sets `spec.syncPolicy.automated` (a merge patch; see ResourceOperations). */
  async setSyncPolicy(
    ref: ApplicationRef,
    policy: AutomatedSyncPolicy,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    // Harness's permission to edit an application (gitops_gitopsapp_edit)
    await this.checkUserAccess(ref, 'action', options);
    const raw = await this.operations.patchSyncPolicy(ref, policy, options);
    return normalizeApplication(this.scheme.unwrap(raw), this.context);
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
      userToken: options?.user?.idToken,
    });
    return normalizeApplication(this.scheme.unwrap(answer), this.context);
  }

  listApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet[]> {
    return this.applicationSetCalls.list(options);
  }

  getApplicationSet(
    set: string | ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet> {
    return this.applicationSetCalls.get(set, options);
  }

  deleteApplicationSet(
    set: ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<void> {
    return this.applicationSetCalls.delete(set, options);
  }

  createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult> {
    return this.applicationSetCalls.create(manifest, flags, options);
  }

  generateApplicationSet(
    manifest: Record<string, unknown>,
    options?: GenerateCallOptions,
  ): Promise<GitOpsApplication[]> {
    return this.applicationSetCalls.generate(manifest, options);
  }

  async getProject(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsProjectInfo | undefined> {
    try {
      const raw = await this.http.json<ArgoAppProject>({
        ...this.scheme.project(name),
        signal: options?.signal,
      });
      return normalizeProject(raw);
    } catch (error) {
      if (error instanceof GitOpsAgentError && error.code === 'not_found') {
        return undefined;
      }
      throw error;
    }
  }

  async listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]> {
    const clusters = await this.readList(this.scheme.clusters, options);
    return clusters.map(c =>
      normalizeCluster(c, this.agent.id, this.agent.region),
    );
  }

  async listRepositories(
    options?: ProviderCallOptions,
  ): Promise<GitOpsRepository[]> {
    const repositories = await this.readList(this.scheme.repositories, options);
    return repositories.map(r => normalizeRepository(r, this.agent.id));
  }

  rawGet(
    path: string,
    query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse> {
    return this.http.raw({
      path,
      query: this.scheme.passThroughQuery(query),
      signal: options?.signal,
    });
  }

  private async readList<T>(
    route: ListRoute<T>,
    options?: ProviderCallOptions,
  ): Promise<T[]> {
    return route.items(
      await this.http.json<unknown>({ ...route.call, signal: options?.signal }),
    );
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
        userToken: options?.user?.idToken,
      }),
    );
  }
}
