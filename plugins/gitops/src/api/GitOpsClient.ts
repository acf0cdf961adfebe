import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import {
  type EntityApplicationRef,
  answerBody,
  applicationRouteParams,
  entityRouteParams,
  gitopsApiClient,
  readAllFleetApplications,
  type EnvironmentDefinition,
  type FleetApplicationFilter,
  type GitOpsApiClient,
  type RefreshRequest,
  type ResourceLogLine,
  type ResourceRef,
  type RevertRequest,
  type RollbackRequest,
  type SyncPolicyRequest,
  type SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import type {
  FleetApplicationsResponse,
  GitOpsApi,
  GitOpsEventQuery,
  ResourceLogRequest,
} from './GitOpsApi';
import type { GitOpsUserIdentityApi } from './GitOpsUserIdentityApi';
import { readNdjson } from './readNdjson';
import { fleetQuery, resourceRouteParams, windowQuery } from './requestParams';

/**
 * The header that carries the signed-in user's OIDC ID token to the backend,
 * on operations and agent permissions.
 */
const USER_TOKEN_HEADER = 'X-GitOps-User-Token';

/**
 * Talks to the `gitops` backend plugin over HTTP, through the client typed
 * by the backend's OpenAPI spec: every path, parameter and answer here is
 * checked against `openapi.yaml` at compile time.
 *
 * With a `userIdentityApi` that has a token, every operation (refresh, sync,
 * rollback, terminate, resource actions) and the agent permissions carry it
 * in the `X-GitOps-User-Token` header, for agents that decide as the user.
 * @public
 */
export class GitOpsClient implements GitOpsApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;
  private readonly userIdentityApi?: GitOpsUserIdentityApi;
  /**
   * The configured environments: the backend's config, the same for every
   * caller until it restarts, so asked once per page load (the fleet page,
   * its metrics and the pickers all need them); a failure is not kept.
   */
  private environments?: Promise<EnvironmentDefinition[]>;

  constructor(options: {
    discoveryApi: DiscoveryApi;
    fetchApi: FetchApi;
    /** The signed-in user's ID token, sent with operations when there is one. */
    userIdentityApi?: GitOpsUserIdentityApi;
  }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
    this.userIdentityApi = options.userIdentityApi;
  }

  async getEntityApplications(entityRef: string) {
    return answerBody(
      (await this.api()).GET('/entity/{namespace}/{kind}/{name}/applications', {
        params: { path: entityRouteParams(entityRef) },
      }),
    );
  }

  async getEntityApplicationSets(entityRef: string) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applicationsets',
        { params: { path: entityRouteParams(entityRef) } },
      ),
    );
  }

  async getEntitySyncWindows(entityRef: string) {
    return answerBody(
      (await this.api()).GET('/entity/{namespace}/{kind}/{name}/syncwindows', {
        params: { path: entityRouteParams(entityRef) },
      }),
    );
  }

  async getEntityEvents(entityRef: string) {
    return answerBody(
      (await this.api()).GET('/entity/{namespace}/{kind}/{name}/events', {
        params: { path: entityRouteParams(entityRef) },
      }),
    );
  }

  async getApplication(app: EntityApplicationRef) {
    const body = await answerBody(
      (
        await this.api()
      ).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}',
        { params: applicationRouteParams(app) },
      ),
    );
    return body.application;
  }

  async getResourceTree(app: EntityApplicationRef) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource-tree',
        { params: applicationRouteParams(app) },
      ),
    );
  }

  async getApplicationDiff(app: EntityApplicationRef) {
    const body = await answerBody(
      (
        await this.api()
      ).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/diff',
        { params: applicationRouteParams(app) },
      ),
    );
    return body.items;
  }

  async getRevisionMetadata(app: EntityApplicationRef, revision: string) {
    const { path, query } = applicationRouteParams(app);
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/revisions/{revision}',
        { params: { path: { ...path, revision }, query } },
      ),
    );
  }

  async getSyncWindows(app: EntityApplicationRef) {
    const body = await answerBody(
      (
        await this.api()
      ).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/syncwindows',
        { params: applicationRouteParams(app) },
      ),
    );
    return body.items;
  }

  async getApplicationEvents(app: EntityApplicationRef) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/events',
        { params: applicationRouteParams(app) },
      ),
    );
  }

  async refreshApplication(app: EntityApplicationRef, request: RefreshRequest) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/refresh',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: request,
        },
      ),
    );
  }

  async syncApplication(app: EntityApplicationRef, request: SyncRequest) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: request,
        },
      ),
    );
  }

  async rollbackApplication(
    app: EntityApplicationRef,
    request: RollbackRequest,
  ) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/rollback',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: request,
        },
      ),
    );
  }

  async revertApplication(app: EntityApplicationRef, request: RevertRequest) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/revert',
        { params: applicationRouteParams(app), body: request },
      ),
    );
  }

  async updateSyncPolicy(
    app: EntityApplicationRef,
    request: SyncPolicyRequest,
  ) {
    const api = await this.api();
    return answerBody(
      // eslint-disable-next-line new-cap -- openapi-fetch's verb methods
      api.PUT(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync-policy',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: request,
        },
      ),
    );
  }

  async deleteApplicationSet(agentId: string, name: string) {
    const api = await this.api();
    return answerBody(
      // eslint-disable-next-line new-cap -- openapi-fetch's verb methods
      api.DELETE('/agents/{agentId}/applicationsets/{setName}', {
        params: { path: { agentId, setName: name } },
      }),
    );
  }

  async terminateOperation(app: EntityApplicationRef) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/terminate',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: {},
        },
      ),
    );
  }

  async getAgentPermissions(app: EntityApplicationRef) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/agent-permissions',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
        },
      ),
    );
  }

  async listResourceActions(app: EntityApplicationRef, resource: ResourceRef) {
    const params = applicationRouteParams(app);
    const body = await answerBody(
      (
        await this.api()
      ).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource-actions',
        {
          params: {
            ...params,
            query: {
              ...params.query,
              resourceKind: resource.kind,
              resourceName: resource.name,
              ...(resource.group && { resourceGroup: resource.group }),
              ...(resource.version && { resourceVersion: resource.version }),
              ...(resource.namespace && {
                resourceNamespace: resource.namespace,
              }),
            },
          },
        },
      ),
    );
    return body.items;
  }

  async runResourceAction(
    app: EntityApplicationRef,
    resource: ResourceRef,
    action: string,
  ) {
    const { group, version, kind, namespace, name } = resource;
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource-actions',
        {
          params: { ...applicationRouteParams(app), header: await this.user() },
          body: {
            resource: { group, version, kind, namespace, name },
            action,
          },
        },
      ),
    );
  }

  async getAgents() {
    return answerBody((await this.api()).GET('/agents'));
  }

  getEnvironments(): Promise<EnvironmentDefinition[]> {
    this.environments ??= this.api()
      .then(api => answerBody(api.GET('/environments')))
      .then(
        body => body.items,
        error => {
          this.environments = undefined;
          throw error;
        },
      );
    return this.environments;
  }

  async getFleetSummary(filter: FleetApplicationFilter = {}) {
    const { agent, environment, region, health, sync } = filter;
    return answerBody(
      (await this.api()).GET('/fleet/summary', {
        params: { query: { agent, environment, region, health, sync } },
      }),
    );
  }

  /** Every page of the filtered list (the backend answers 5,000 a page). */
  async getFleetApplications(filter: FleetApplicationFilter = {}) {
    return readAllFleetApplications(await this.api(), fleetQuery(filter));
  }

  async getFleetApplicationsPage(
    filter: FleetApplicationFilter,
    page: { cursor?: string; limit: number },
  ): Promise<FleetApplicationsResponse> {
    return answerBody(
      (await this.api()).GET('/fleet/applications', {
        params: {
          query: {
            ...fleetQuery(filter),
            limit: page.limit,
            ...(page.cursor !== undefined && { cursor: page.cursor }),
          },
        },
      }),
    );
  }

  async getClusters() {
    return answerBody((await this.api()).GET('/clusters'));
  }

  async getRepositories() {
    return answerBody((await this.api()).GET('/repositories'));
  }

  async getAuditEvents(query: GitOpsEventQuery = {}) {
    const body = await answerBody(
      (await this.api()).GET('/audit', { params: { query } }),
    );
    return body.items;
  }

  async getDriftEvents(query: GitOpsEventQuery = {}) {
    // every parameter /audit and /drift share (outcome is the audit's own)
    const { outcome: _outcome, ...driftQuery } = query;
    const body = await answerBody(
      (await this.api()).GET('/drift', { params: { query: driftQuery } }),
    );
    return body.items;
  }

  async getEntityDeliveryMetrics(
    entityRef: string,
    options: { windowDays?: number } = {},
  ) {
    return answerBody(
      (await this.api()).GET('/entity/{namespace}/{kind}/{name}/metrics', {
        params: {
          path: entityRouteParams(entityRef),
          query: { window: windowQuery(options.windowDays) },
        },
      }),
    );
  }

  async getFleetDeliveryMetrics(
    options: { windowDays?: number; filter?: FleetApplicationFilter } = {},
  ) {
    return answerBody(
      (await this.api()).GET('/fleet/metrics', {
        params: {
          query: {
            ...fleetQuery(options.filter),
            window: windowQuery(options.windowDays),
          },
        },
      }),
    );
  }

  async getEntityPromotion(entityRef: string) {
    return answerBody(
      (await this.api()).GET('/entity/{namespace}/{kind}/{name}/promotion', {
        params: { path: entityRouteParams(entityRef) },
      }),
    );
  }

  async getEntityPullRequests(entityRef: string) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/pull-requests',
        {
          params: { path: entityRouteParams(entityRef) },
        },
      ),
    );
  }

  async mergeEntityPullRequest(
    entityRef: string,
    pullRequest: { repoUrl: string; number: number },
  ) {
    return answerBody(
      (await this.api()).POST(
        '/entity/{namespace}/{kind}/{name}/pull-requests/merge',
        {
          params: { path: entityRouteParams(entityRef) },
          body: { repoUrl: pullRequest.repoUrl, number: pullRequest.number },
        },
      ),
    );
  }

  async getResourceManifest(app: EntityApplicationRef, resource: ResourceRef) {
    return answerBody(
      (await this.api()).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource',
        { params: resourceRouteParams(app, resource) },
      ),
    );
  }

  async getResourceEvents(app: EntityApplicationRef, resource: ResourceRef) {
    const body = await answerBody(
      (
        await this.api()
      ).GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource/events',
        { params: resourceRouteParams(app, resource) },
      ),
    );
    return body.items;
  }

  async streamResourceLogs(
    app: EntityApplicationRef,
    resource: ResourceRef,
    request: ResourceLogRequest,
    onLine: (line: ResourceLogLine) => void,
    signal: AbortSignal,
  ) {
    const params = resourceRouteParams(app, resource);
    const { response } = await (
      await this.api()
    ).GET(
      '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource/logs',
      {
        params: {
          path: params.path,
          query: {
            ...params.query,
            ...(request.container && { container: request.container }),
            ...(request.tailLines && { tailLines: request.tailLines }),
            ...(request.follow && { follow: true }),
          },
        },
        parseAs: 'stream',
        signal,
      },
    );
    await readNdjson<ResourceLogLine>(response, onLine, signal);
  }

  /**
   * The user token header, when the user has a token; a token that cannot
   * be read is none (the backend then asks the user to sign in again where
   * the agent needs one).
   */
  private async user(): Promise<{ [USER_TOKEN_HEADER]?: string }> {
    const token = await this.userIdentityApi
      ?.getIdToken()
      .catch(() => undefined);
    return token ? { [USER_TOKEN_HEADER]: token } : {};
  }

  private api(): Promise<GitOpsApiClient> {
    return gitopsApiClient({
      discoveryApi: this.discoveryApi,
      fetchApi: this.fetchApi,
    });
  }
}
