import { parseEntityRef } from '@backstage/catalog-model';
import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  AgentError,
  AuditEvent,
  DriftEvent,
  EntityApplicationsResponse,
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  PromotionInsight,
  EnvironmentDefinition,
  FleetApplicationFilter,
  FleetSummary,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
  MultiAgentResult,
  OperationResponse,
  RefreshRequest,
  ResourceDiff,
  ResourceTree,
  RevisionMetadata,
  RollbackRequest,
  SyncRequest,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ApplicationRef,
  FleetApplicationsResponse,
  GitOpsAgent,
  GitOpsApi,
  GitOpsEventQuery,
  GitOpsEvents,
} from './GitOpsApi';

type QueryValue = string | number | string[] | undefined;

function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== '') {
        search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function entityPath(entityRef: string): string {
  const { kind, namespace, name } = parseEntityRef(entityRef);
  return ['entity', namespace, kind, name].map(encodeURIComponent).join('/');
}

function applicationPath(app: ApplicationRef, suffix = ''): string {
  const base = `${entityPath(app.entityRef)}/applications/${encodeURIComponent(
    app.agentId,
  )}/${encodeURIComponent(app.name)}${suffix}`;
  return `${base}${queryString({ appNamespace: app.namespace })}`;
}

/**
 * Talks to the `gitops` backend plugin over HTTP.
 * @public
 */
export class GitOpsClient implements GitOpsApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;
  /**
   * The configured environments: the backend's config, the same for every
   * caller until it restarts, so asked once per page load (the fleet page,
   * its metrics and the pickers all need them); a failure is not kept.
   */
  private environments?: Promise<EnvironmentDefinition[]>;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
  }

  getEntityApplications(entityRef: string) {
    return this.get<EntityApplicationsResponse>(
      `${entityPath(entityRef)}/applications`,
    );
  }

  getEntityApplicationSets(entityRef: string) {
    return this.get<MultiAgentResult<GitOpsApplicationSet>>(
      `${entityPath(entityRef)}/applicationsets`,
    );
  }

  getEntityEvents(entityRef: string) {
    return this.get<GitOpsEvents>(`${entityPath(entityRef)}/events`);
  }

  async getApplication(app: ApplicationRef) {
    const body = await this.get<{ application: GitOpsApplication }>(
      applicationPath(app),
    );
    return body.application;
  }

  getResourceTree(app: ApplicationRef) {
    return this.get<ResourceTree>(applicationPath(app, '/resource-tree'));
  }

  async getApplicationDiff(app: ApplicationRef) {
    const body = await this.get<{ items: ResourceDiff[] }>(
      applicationPath(app, '/diff'),
    );
    return body.items;
  }

  getRevisionMetadata(app: ApplicationRef, revision: string) {
    return this.get<RevisionMetadata>(
      applicationPath(app, `/revisions/${encodeURIComponent(revision)}`),
    );
  }

  async getSyncWindows(app: ApplicationRef) {
    const body = await this.get<{ items: SyncWindow[] }>(
      applicationPath(app, '/syncwindows'),
    );
    return body.items;
  }

  getApplicationEvents(app: ApplicationRef) {
    return this.get<GitOpsEvents>(applicationPath(app, '/events'));
  }

  refreshApplication(app: ApplicationRef, request: RefreshRequest) {
    return this.post<OperationResponse>(
      applicationPath(app, '/refresh'),
      request,
    );
  }

  syncApplication(app: ApplicationRef, request: SyncRequest) {
    return this.post<OperationResponse>(applicationPath(app, '/sync'), request);
  }

  rollbackApplication(app: ApplicationRef, request: RollbackRequest) {
    return this.post<OperationResponse>(
      applicationPath(app, '/rollback'),
      request,
    );
  }

  getAgents() {
    return this.get<{ items: GitOpsAgent[]; errors: AgentError[] }>('agents');
  }

  getEnvironments(): Promise<EnvironmentDefinition[]> {
    this.environments ??= this.get<{ items: EnvironmentDefinition[] }>(
      'environments',
    ).then(
      body => body.items,
      error => {
        this.environments = undefined;
        throw error;
      },
    );
    return this.environments;
  }

  getFleetSummary(filter: FleetApplicationFilter = {}) {
    const { agent, environment, region, health, sync } = filter;
    return this.get<FleetSummary>(
      `fleet/summary${queryString({
        agent,
        environment,
        region,
        health,
        sync,
      })}`,
    );
  }

  getFleetApplications(filter: FleetApplicationFilter = {}) {
    return this.get<FleetApplicationsResponse>(
      `fleet/applications${queryString({ ...filter })}`,
    );
  }

  getClusters() {
    return this.get<MultiAgentResult<GitOpsCluster>>('clusters');
  }

  getRepositories() {
    return this.get<MultiAgentResult<GitOpsRepository>>('repositories');
  }

  async getAuditEvents(query: GitOpsEventQuery = {}) {
    const body = await this.get<{ items: AuditEvent[] }>(
      `audit${queryString({ ...query })}`,
    );
    return body.items;
  }

  async getDriftEvents(query: GitOpsEventQuery = {}) {
    const { entityRef, agent, application } = query;
    const body = await this.get<{ items: DriftEvent[] }>(
      `drift${queryString({ entityRef, agent, application })}`,
    );
    return body.items;
  }

  getEntityDeliveryMetrics(
    entityRef: string,
    options: { windowDays?: number } = {},
  ) {
    return this.get<EntityDeliveryMetricsResponse>(
      `${entityPath(entityRef)}/metrics${queryString({
        window: options.windowDays ? `${options.windowDays}d` : undefined,
      })}`,
    );
  }

  getFleetDeliveryMetrics(
    options: { windowDays?: number; filter?: FleetApplicationFilter } = {},
  ) {
    const { agent, environment, region, health, sync, project, search } =
      options.filter ?? {};
    return this.get<FleetDeliveryMetricsResponse>(
      `fleet/metrics${queryString({
        agent,
        environment,
        region,
        health,
        sync,
        project,
        search,
        window: options.windowDays ? `${options.windowDays}d` : undefined,
      })}`,
    );
  }

  getEntityPromotion(entityRef: string) {
    return this.get<PromotionInsight>(`${entityPath(entityRef)}/promotion`);
  }

  private async get<T>(path: string): Promise<T> {
    return this.request<T>(path, { method: 'GET' });
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private async request<T>(path: string, init: RequestInit): Promise<T> {
    const baseUrl = await this.discoveryApi.getBaseUrl('gitops');
    const response = await this.fetchApi.fetch(`${baseUrl}/${path}`, init);
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return (await response.json()) as T;
  }
}
