import { InputError } from '@backstage/errors';
import type {
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
  GitOpsAgentError,
  type ApplicationListQuery,
  type ApplicationRef,
  type ApplicationSetCreateResult,
  type ApplicationSetRef,
  type GitOpsProjectInfo,
  type GitOpsProvider,
  type GitOpsProviderFactory,
  type GitOpsProxyRules,
  type ListSnapshot,
  type ProviderCallOptions,
  type RawAgentResponse,
  type WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { copy, InMemoryApplications } from './InMemoryApplications';
import { InMemoryApplicationSets } from './InMemoryApplicationSets';
import {
  operationRunning,
  rollbackRefusal,
  rolledBackApplication,
  syncedApplication,
} from './inMemoryOperations';
import type {
  InMemoryApplicationDetails,
  InMemoryGitOpsProviderOptions,
} from './inMemoryOptions';

/**
 * A GitOps agent held in memory, behind the `GitOpsProvider`
 * interface: for fast tests of what consumes providers, with no agent and
 * no HTTP. Its applications are held by namespace and name, and reads
 * answer copies of them. Refresh, sync, rollback, sync policy changes and
 * terminations change them as Argo CD would at a basic level (an operation
 * finishes at once), and every change, made through the interface or by the
 * test ({@link InMemoryGitOpsProvider.put}, `update`, `remove`), reaches
 * open watches. It runs no ApplicationSet generator, forwards no raw agent
 * path and decides as no user (no user identity capability).
 * @public
 */
export class InMemoryGitOpsProvider implements GitOpsProvider {
  /** An in-memory agent holding what `options` seeds. */
  static create(
    options: InMemoryGitOpsProviderOptions,
  ): InMemoryGitOpsProvider {
    return new InMemoryGitOpsProvider(options);
  }

  /**
   * A provider factory, for a provider registry, that answers the given
   * providers by agent id (configure agents of one kind with their ids).
   */
  static factory(
    ...providers: InMemoryGitOpsProvider[]
  ): GitOpsProviderFactory {
    return ({ agent }) => {
      const found = providers.find(p => p.agent.id === agent.id);
      if (!found) {
        throw new InputError(
          `No in-memory GitOps agent has id '${agent.id}'; known: ${providers
            .map(p => p.agent.id)
            .join(', ')}`,
        );
      }
      return found;
    };
  }

  readonly agent: GitOpsAgentInfo;
  /** No agent path is forwarded: the in-memory agent has no raw API. */
  readonly proxy: GitOpsProxyRules = { routes: [] };
  readonly secrets: readonly string[];

  private readonly apps: InMemoryApplications;
  private readonly sets: InMemoryApplicationSets;
  private readonly clusters: GitOpsCluster[];
  private readonly repositories: GitOpsRepository[];
  private readonly projects: GitOpsProjectInfo[];
  private readonly revisions: RevisionMetadata[];
  private readonly clock: () => Date;
  private unreachable?: string;

  private constructor(options: InMemoryGitOpsProviderOptions) {
    this.agent = { kind: 'memory', ...options.agent };
    const agentId = this.agent.id;
    this.secrets = options.secrets ?? [];
    this.clock = options.clock ?? (() => new Date());
    this.apps = new InMemoryApplications(this.agent);
    this.sets = new InMemoryApplicationSets(
      agentId,
      options.applicationSets ?? [],
    );
    this.clusters = (options.clusters ?? []).map(c => ({ ...c, agentId }));
    this.repositories = (options.repositories ?? []).map(r => ({
      ...r,
      agentId,
    }));
    this.projects = copy(options.projects ?? []);
    this.revisions = copy(options.revisions ?? []);
    for (const app of options.applications ?? []) this.apps.hold(app);
    for (const { application: ref, ...details } of options.details ?? []) {
      this.apps.setDetails(ref, details);
    }
  }

  // ---- what a test does to the agent ----

  /** Adds or replaces an application (made this agent's own); watches hear it. */
  put(app: GitOpsApplication): GitOpsApplication {
    return this.apps.put(app);
  }

  /** Changes a held application; watches hear it. */
  update(
    ref: ApplicationRef,
    change: (app: GitOpsApplication) => GitOpsApplication,
  ): GitOpsApplication {
    return this.apps.put(change(copy(this.apps.held(ref))));
  }

  /** Deletes an application; watches hear it. */
  remove(ref: ApplicationRef): void {
    this.apps.remove(ref);
  }

  /** Sets what the agent answers about an application beyond itself. */
  setDetails(ref: ApplicationRef, details: InMemoryApplicationDetails): void {
    this.apps.setDetails(ref, details);
  }

  /**
   * The agent cannot be reached: every call fails (`unreachable`), open
   * watches end with that error, and its status says disconnected.
   */
  disconnect(reason = 'connection refused'): void {
    this.unreachable = reason;
    this.apps.failWatches(this.unreachableError());
    this.sets.failWatches(this.unreachableError());
  }

  /** The agent can be reached again. */
  reconnect(): void {
    this.unreachable = undefined;
  }

  // ---- the provider ----

  async getStatus(): Promise<GitOpsAgentStatus> {
    const base = {
      agentId: this.agent.id,
      kind: this.agent.kind,
      checkedAt: this.now(),
    };
    return this.unreachable
      ? {
          ...base,
          state: 'disconnected',
          message: this.unreachableError().message,
        }
      : { ...base, state: 'connected', version: 'in-memory' };
  }

  async listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]> {
    this.reachable(options);
    return this.apps.list(query);
  }

  async getApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    this.reachable(options);
    return copy(this.apps.held(ref));
  }

  async getResourceTree(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceTree> {
    this.reachable(options);
    return this.apps.detailsOf(ref).resourceTree ?? { nodes: [] };
  }

  async getManagedResources(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceDiff[]> {
    this.reachable(options);
    return this.apps.detailsOf(ref).managedResources ?? [];
  }

  async getSyncWindows(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<SyncWindow[]> {
    this.reachable(options);
    return this.apps.detailsOf(ref).syncWindows ?? [];
  }

  async getRevisionMetadata(
    ref: ApplicationRef,
    revision: string,
    options?: ProviderCallOptions,
  ): Promise<RevisionMetadata> {
    this.reachable(options);
    this.apps.held(ref);
    const found = this.revisions.find(r => r.revision === revision);
    if (!found) {
      throw this.error(
        'not_found',
        `Agent ${this.agent.id} has no revision ${revision} of ${ref.name}`,
        404,
      );
    }
    return copy(found);
  }

  async refresh(
    ref: ApplicationRef,
    _mode: 'normal' | 'hard',
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    this.reachable(options);
    const now = this.now();
    return this.update(ref, app => ({
      ...app,
      reconciledAt: now,
      sync: { ...app.sync, comparedAt: now },
    }));
  }

  async sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    this.reachable(options);
    const app = this.idle(ref);
    return this.apps.put(
      syncedApplication(app, request, this.now(), options?.user),
    );
  }

  async rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    this.reachable(options);
    const app = this.idle(ref);
    const refusal = rollbackRefusal(app, request);
    if (refusal) {
      throw this.error(
        refusal.conflict ? 'conflict' : 'invalid_request',
        `Agent ${this.agent.id} refused the rollback of ${app.name}: ${refusal.message}`,
        refusal.conflict ? 409 : 400,
      );
    }
    return this.apps.put(
      rolledBackApplication(app, request, this.now(), options?.user),
    );
  }

  async setSyncPolicy(
    ref: ApplicationRef,
    policy: AutomatedSyncPolicy,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    this.reachable(options);
    return this.update(ref, app => ({
      ...app,
      syncPolicy: {
        ...app.syncPolicy,
        automated: policy.automated,
        prune: policy.prune,
        selfHeal: policy.selfHeal,
      },
    }));
  }

  async terminateOperation(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<void> {
    this.reachable(options);
    const app = this.apps.held(ref);
    if (!app.operation || !operationRunning(app)) {
      throw this.error(
        'conflict',
        `Agent ${this.agent.id} cannot terminate the operation of ${app.name}: no operation is in progress`,
        409,
      );
    }
    this.apps.put({
      ...app,
      operation: {
        ...app.operation,
        phase: 'Failed',
        message: 'Operation terminated',
        finishedAt: this.now(),
      },
    });
  }

  async getProject(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsProjectInfo | undefined> {
    this.reachable(options);
    const found = this.projects.find(p => p.name === name);
    return found && copy(found);
  }

  async listApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet[]> {
    this.reachable(options);
    return this.sets.list();
  }

  async getApplicationSet(
    set: string | ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet> {
    this.reachable(options);
    return this.sets.get(set);
  }

  async createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult> {
    this.reachable(options);
    return this.sets.create(
      manifest,
      flags,
      name => this.apps.generatedBy(name),
      this.now(),
    );
  }

  async listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]> {
    this.reachable(options);
    return copy(this.clusters);
  }

  async listRepositories(
    options?: ProviderCallOptions,
  ): Promise<GitOpsRepository[]> {
    this.reachable(options);
    return copy(this.repositories);
  }

  async snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    this.reachable(options);
    return this.apps.snapshot();
  }

  async watchApplications(
    options: WatchOptions<GitOpsApplication>,
  ): Promise<void> {
    this.reachable(options);
    return this.apps.watch(options);
  }

  async snapshotApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>> {
    this.reachable(options);
    return this.sets.snapshot();
  }

  async watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void> {
    this.reachable(options);
    return this.sets.watch(options);
  }

  /** The in-memory agent has no raw API: every path is not found. */
  async rawGet(
    path: string,
    _query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse> {
    this.reachable(options);
    throw this.error(
      'not_found',
      `Agent ${this.agent.id} has no ${path} (404): an in-memory agent serves no raw API`,
      404,
    );
  }

  /** The held application, when no operation runs on it (Argo CD refuses another). */
  private idle(ref: ApplicationRef): GitOpsApplication {
    const app = this.apps.held(ref);
    if (operationRunning(app)) {
      throw this.error(
        'conflict',
        `Agent ${this.agent.id} refused the operation on ${app.name}: another operation is already in progress`,
        409,
      );
    }
    return app;
  }

  private reachable(options?: { signal?: AbortSignal }): void {
    options?.signal?.throwIfAborted();
    if (this.unreachable) throw this.unreachableError();
  }

  private unreachableError(): GitOpsAgentError {
    return this.error(
      'unreachable',
      `Agent ${this.agent.id} is unreachable: ${this.unreachable}`,
    );
  }

  private error(
    code: GitOpsAgentError['code'],
    message: string,
    status?: number,
  ): GitOpsAgentError {
    return new GitOpsAgentError(this.agent.id, code, message, status);
  }

  private now(): string {
    return this.clock().toISOString();
  }
}
