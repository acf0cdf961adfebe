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
import type { ArgoApplicationSet } from '../argocd/argoCdTypes';
import { ArgoApplicationApi } from '../argocd/ArgoApplicationApi';
import { NormalizeContext } from '../argocd/normalizeApplication';
import { normalizeApplicationSet } from '../argocd/normalizeApplicationSet';
import {
  normalizeCluster,
  normalizeRepository,
} from '../argocd/normalizeInventory';
import type {
  HarnessAgent,
  HarnessApplicationSetWrapper,
  HarnessClusterWrapper,
  HarnessPage,
  HarnessRepositoryWrapper,
} from './harnessTypes';
import {
  harnessApplicationUiUrl,
  HarnessScope,
} from './harnessApplicationUiUrl';
import {
  harnessAgentPath,
  harnessRouteScheme,
  harnessScopeBody,
  harnessScopeQuery,
} from './harnessRouteScheme';

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
  private readonly applications: ArgoApplicationApi;

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
    this.applications = new ArgoApplicationApi(
      this.http,
      harnessRouteScheme(scope),
      this.context,
    );
  }

  private scopeQuery(extra: AgentQuery = {}): AgentQuery {
    return harnessScopeQuery(this.scope, extra);
  }

  private agentPath(suffix: string): string {
    return harnessAgentPath(this.scope, suffix);
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

  listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]> {
    return this.applications.listApplications(query, options);
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
    const list = await this.http.json<
      HarnessPage<HarnessApplicationSetWrapper>
    >({
      method: 'POST',
      path: '/gitops/api/v1/applicationsets',
      query: this.scopeQuery(),
      body: {
        ...harnessScopeBody(this.scope),
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
        ...harnessScopeBody(this.scope),
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
