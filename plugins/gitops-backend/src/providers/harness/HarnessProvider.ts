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
  RawAgentResponse,
} from '@gitops-suite/plugin-gitops-node';
import { InputError } from '@backstage/errors';
import { AgentHttpClient, AgentQuery } from '../http/AgentHttpClient';
import { agentInfoFromConfig } from '../agentInfoFromConfig';
import type {
  ArgoApplication,
  ArgoApplicationList,
  ArgoApplicationSet,
  ArgoResourceDiff,
  ArgoResourceTree,
  ArgoRevisionMetadata,
  ArgoSyncWindowsResponse,
} from '../argocd/argoCdTypes';
import {
  normalizeApplication,
  NormalizeContext,
} from '../argocd/normalizeApplication';
import {
  normalizeResourceDiffs,
  normalizeResourceTree,
} from '../argocd/normalizeResources';
import { normalizeRevisionMetadata } from '../argocd/normalizeRevisionMetadata';
import { normalizeSyncWindows } from '../argocd/normalizeSyncWindows';
import { leanArgoApplication } from '../argocd/leanFields';
import { normalizeApplicationSet } from '../argocd/normalizeApplicationSet';
import {
  normalizeCluster,
  normalizeRepository,
} from '../argocd/normalizeInventory';
import type {
  HarnessAgent,
  HarnessApplicationSetWrapper,
  HarnessApplicationWrapper,
  HarnessClusterWrapper,
  HarnessPage,
  HarnessRepositoryWrapper,
} from './harnessTypes';
import {
  harnessApplicationUiUrl,
  HarnessScope,
} from './harnessApplicationUiUrl';

const enc = encodeURIComponent;

/** An Argo CD Application, whether or not Harness wrapped it. */
function unwrapApplication(
  body: ArgoApplication | HarnessApplicationWrapper,
): ArgoApplication {
  return 'app' in body && body.app ? body.app : (body as ArgoApplication);
}

function page<T>(body: HarnessPage<T> | undefined): T[] {
  return body?.content ?? body?.items ?? [];
}

/**
 * Speaks the Harness GitOps API for one Harness GitOps agent (which runs
 * Argo CD under it): `x-api-key` auth and account/org/project scoping on
 * every call; application payloads are Argo CD's.
 */
export class HarnessProvider implements GitOpsProvider {
  static factory: GitOpsProviderFactory = options =>
    new HarnessProvider(options);

  readonly agent: GitOpsAgentInfo;
  private readonly http: AgentHttpClient;
  private readonly scope: HarnessScope;
  private readonly context: NormalizeContext;

  constructor(options: GitOpsProviderFactoryOptions) {
    const { agent } = options;
    this.agent = agentInfoFromConfig(agent);
    const harness = agent.config.getOptionalConfig('harness');
    if (!harness) {
      throw new InputError(
        `gitops.agents[${agent.id}] is kind harness and needs a harness block with accountIdentifier and agentIdentifier`,
      );
    }
    this.scope = {
      accountIdentifier: harness.getString('accountIdentifier'),
      orgIdentifier: harness.getOptionalString('orgIdentifier'),
      projectIdentifier: harness.getOptionalString('projectIdentifier'),
      agentIdentifier: harness.getString('agentIdentifier'),
    };
    const apiKey = agent.config.getOptionalString('credentials.token');
    if (!apiKey) {
      throw new InputError(
        `gitops.agents[${agent.id}] needs credentials.token (a Harness API key)`,
      );
    }
    this.http = new AgentHttpClient({
      agentId: agent.id,
      baseUrl: agent.url,
      timeoutMs: agent.timeoutMs,
      authHeaders: async () => ({ 'x-api-key': apiKey }),
      secrets: () => [apiKey],
    });
    const uiUrl = agent.uiUrl;
    const scope = this.scope;
    this.context = {
      agentId: agent.id,
      agentKind: agent.kind,
      uiUrl,
      applicationUiUrl: uiUrl
        ? app => harnessApplicationUiUrl(uiUrl, scope, app)
        : undefined,
      environments: options.environments,
    };
  }

  private scopeQuery(extra: AgentQuery = {}): AgentQuery {
    return {
      accountIdentifier: this.scope.accountIdentifier,
      routingId: this.scope.accountIdentifier,
      orgIdentifier: this.scope.orgIdentifier,
      projectIdentifier: this.scope.projectIdentifier,
      ...extra,
    };
  }

  private scopeBody(): Record<string, string> {
    const body: Record<string, string> = {
      accountIdentifier: this.scope.accountIdentifier,
    };
    if (this.scope.orgIdentifier) body.orgIdentifier = this.scope.orgIdentifier;
    if (this.scope.projectIdentifier) {
      body.projectIdentifier = this.scope.projectIdentifier;
    }
    return body;
  }

  private agentPath(suffix: string): string {
    return `/gitops/api/v1/agents/${enc(this.scope.agentIdentifier)}${suffix}`;
  }

  private appPath(ref: ApplicationRef, suffix = ''): string {
    return this.agentPath(`/applications/${enc(ref.name)}${suffix}`);
  }

  private appQuery(ref: ApplicationRef, extra: AgentQuery = {}): AgentQuery {
    return this.scopeQuery({
      'query.appNamespace': ref.namespace,
      'query.project': ref.project,
      ...extra,
    });
  }

  async getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus> {
    const checkedAt = new Date().toISOString();
    try {
      const agent = await this.http.json<HarnessAgent>({
        path: this.agentPath(''),
        query: this.scopeQuery(),
        signal: options?.signal,
      });
      const connected = agent.health?.connectionStatus === 'CONNECTED';
      const version =
        typeof agent.version === 'string'
          ? agent.version
          : agent.version?.Version ?? agent.version?.version;
      const components = Object.entries(agent.health ?? {})
        .filter(([, v]) => v && typeof v === 'object')
        .map(([name, v]) => {
          const health = v as { status?: string; message?: string };
          return {
            name,
            status: String(health.status ?? 'UNKNOWN'),
            ...(health.message && { message: health.message }),
          };
        });
      return {
        agentId: this.agent.id,
        kind: this.agent.kind,
        state: connected ? 'connected' : 'disconnected',
        ...(version && { version }),
        ...(!connected && {
          message: `Harness reports agent ${this.scope.agentIdentifier} ${
            agent.health?.connectionStatus ?? 'without a connection status'
          }${
            agent.health?.lastHeartbeat
              ? ` (last heartbeat ${agent.health.lastHeartbeat})`
              : ''
          }`,
        }),
        checkedAt,
        ...(components.length && { components }),
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
      path: this.agentPath('/applications'),
      query: this.scopeQuery({
        'query.selector': query.selector,
        'query.project': query.projects,
        'query.name': query.name,
        'query.appNamespace': query.appNamespace,
      }),
      signal: options?.signal,
    });
    // Harness has no `fields`: cut to the lean shape here, before normalizing
    const shape = query.lean
      ? leanArgoApplication
      : (app: ArgoApplication) => app;
    return (list.items ?? []).map(app =>
      normalizeApplication(shape(unwrapApplication(app)), this.context),
    );
  }

  private async rawApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
    refresh?: 'normal' | 'hard',
  ): Promise<ArgoApplication> {
    return unwrapApplication(
      await this.http.json<ArgoApplication | HarnessApplicationWrapper>({
        path: this.appPath(ref),
        query: this.appQuery(ref, { 'query.refresh': refresh }),
        signal: options?.signal,
      }),
    );
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
    const body = await this.http.json<
      ArgoApplication | HarnessApplicationWrapper
    >({
      method: 'POST',
      path: this.appPath(ref, '/sync'),
      query: this.scopeQuery(),
      body: {
        ...this.scopeBody(),
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
    return normalizeApplication(unwrapApplication(body), this.context);
  }

  async rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication> {
    const body = await this.http.json<
      ArgoApplication | HarnessApplicationWrapper
    >({
      method: 'POST',
      path: this.appPath(ref, '/rollback'),
      query: this.scopeQuery(),
      body: {
        ...this.scopeBody(),
        name: ref.name,
        id: String(request.id),
        dryRun: Boolean(request.dryRun),
        prune: Boolean(request.prune),
        ...(ref.namespace && { appNamespace: ref.namespace }),
      },
      signal: options?.signal,
    });
    return normalizeApplication(unwrapApplication(body), this.context);
  }

  async listApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet[]> {
    const list = await this.http.json<
      HarnessPage<HarnessApplicationSetWrapper>
    >({
      method: 'POST',
      path: '/gitops/api/v1/applicationsets',
      query: this.scopeQuery(),
      body: {
        ...this.scopeBody(),
        agentIdentifier: this.scope.agentIdentifier,
      },
      signal: options?.signal,
    });
    return page(list).map(set =>
      normalizeApplicationSet(this.unwrapSet(set), this.agent.id),
    );
  }

  private unwrapSet(set: HarnessApplicationSetWrapper): ArgoApplicationSet {
    return set.applicationset ?? set.appset ?? set;
  }

  async getApplicationSet(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet> {
    // Harness gets ApplicationSets by UUID, not by name: find it in the list.
    const sets = await this.listApplicationSets(options);
    const found = sets.find(set => set.name === name);
    if (!found) {
      throw new GitOpsAgentError(
        this.agent.id,
        'not_found',
        `Agent ${this.agent.id} has no ApplicationSet named ${name}`,
        404,
      );
    }
    return found;
  }

  async createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult> {
    const body = await this.http.json<HarnessApplicationSetWrapper>({
      method: 'POST',
      path: '/gitops/api/v1/applicationset',
      query: this.scopeQuery({ agentIdentifier: this.scope.agentIdentifier }),
      body: {
        ...this.scopeBody(),
        agentIdentifier: this.scope.agentIdentifier,
        applicationset: manifest,
        upsert: flags.upsert,
        dryRun: flags.dryRun,
      },
      signal: options?.signal,
    });
    return {
      applicationSet: normalizeApplicationSet(
        this.unwrapSet(body),
        this.agent.id,
      ),
      dryRun: flags.dryRun,
    };
  }

  async listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]> {
    const list = await this.http.json<HarnessPage<HarnessClusterWrapper>>({
      path: this.agentPath('/clusters'),
      query: this.scopeQuery(),
      signal: options?.signal,
    });
    return page(list).map(c =>
      normalizeCluster(c.cluster ?? c, this.agent.id, this.agent.region),
    );
  }

  async listRepositories(
    options?: ProviderCallOptions,
  ): Promise<GitOpsRepository[]> {
    const list = await this.http.json<HarnessPage<HarnessRepositoryWrapper>>({
      path: this.agentPath('/repositories'),
      query: this.scopeQuery(),
      signal: options?.signal,
    });
    return page(list).map(r =>
      normalizeRepository(r.repository ?? r, this.agent.id),
    );
  }

  async rawGet(
    path: string,
    query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse> {
    const scoped = new URLSearchParams(query);
    for (const [key, value] of Object.entries(this.scopeQuery())) {
      if (typeof value === 'string') scoped.set(key, value);
    }
    return this.http.raw({ path, query: scoped, signal: options?.signal });
  }
}
