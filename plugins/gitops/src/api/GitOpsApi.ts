import { createApiRef } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  PromotionInsight,
  PromotionPullRequestList,
  PullRequestMergeResponse,
  AuditEvent,
  DriftEvent,
  EntityApplicationsResponse,
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
  ResourceEvent,
  ResourceLogLine,
  ResourceManifest,
  ResourceRef,
  ResourceTree,
  RevisionMetadata,
  ResourceAction,
  RevertRequest,
  RevertResponse,
  RollbackRequest,
  SyncPolicyRequest,
  SyncRequest,
  SyncWindow,
  GitOpsApiAnswer,
  GitOpsApiPaths,
  GitOpsApiSchemas,
} from '@gitops-suite/plugin-gitops-common';

/**
 * Names one application of a catalog entity.
 * @public
 * @deprecated Use `EntityApplicationRef` of `@gitops-suite/plugin-gitops-common`,
 * the one name the frontend, the actions and the backend share.
 */
export type ApplicationRef = EntityApplicationRef;

/**
 * Audit entries and drift events, of an entity or of one application.
 * @public
 */
export type GitOpsEvents = GitOpsApiSchemas['Events'];

/**
 * An agent with the backend's last connectivity check of it.
 * @public
 */
export type GitOpsAgent = GitOpsApiSchemas['Agent'];

/**
 * What an application's agent would decide on each operation for the
 * signed-in user: `identity` says how the user's operations reach the agent
 * (`shared-credential`: as today, the agent refuses nothing of its own), and
 * each action whether it is allowed, with the agent's reason when not.
 * @public
 */
export type AgentPermissions = GitOpsApiSchemas['AgentPermissions'];

/**
 * Each of an entity's applications' sync windows, by application key, and
 * the agents whose windows could not be read.
 * @public
 */
export type EntitySyncWindows = GitOpsApiAnswer<
  '/entity/{namespace}/{kind}/{name}/syncwindows',
  'get'
>;

/**
 * The fleet list of applications.
 * @public
 */
export type FleetApplicationsResponse = GitOpsApiAnswer<
  '/fleet/applications',
  'get'
>;

/**
 * Narrows the audit and drift lists.
 * @public
 */
export type GitOpsEventQuery = NonNullable<
  GitOpsApiPaths['/audit']['get']['parameters']['query']
>;

/**
 * Which log lines of a resource to read, and whether to follow it.
 * @public
 */
export interface ResourceLogRequest {
  container?: string;
  tailLines?: number;
  follow?: boolean;
}

/**
 * The frontend's view of the `gitops` backend.
 * @public
 */
export interface GitOpsApi {
  getEntityApplications(entityRef: string): Promise<EntityApplicationsResponse>;
  getEntityApplicationSets(
    entityRef: string,
  ): Promise<MultiAgentResult<GitOpsApplicationSet>>;
  getEntityEvents(entityRef: string): Promise<GitOpsEvents>;
  /** Each of the entity's applications' sync windows, in one read. */
  getEntitySyncWindows(entityRef: string): Promise<EntitySyncWindows>;

  getApplication(app: EntityApplicationRef): Promise<GitOpsApplication>;
  getResourceTree(app: EntityApplicationRef): Promise<ResourceTree>;
  getApplicationDiff(app: EntityApplicationRef): Promise<ResourceDiff[]>;
  getRevisionMetadata(
    app: EntityApplicationRef,
    revision: string,
  ): Promise<RevisionMetadata>;
  getSyncWindows(app: EntityApplicationRef): Promise<SyncWindow[]>;
  getApplicationEvents(app: EntityApplicationRef): Promise<GitOpsEvents>;

  /** The live manifest of one resource of the application (secrets redacted). */
  getResourceManifest(
    app: EntityApplicationRef,
    resource: ResourceRef,
  ): Promise<ResourceManifest>;
  /** The Kubernetes events of one resource, most recent first. */
  getResourceEvents(
    app: EntityApplicationRef,
    resource: ResourceRef,
  ): Promise<ResourceEvent[]>;
  /**
   * Streams the log lines of a resource's pods to `onLine` until the
   * backend ends the stream (its last line says why) or `signal` aborts,
   * which cancels the read upstream too.
   */
  streamResourceLogs(
    app: EntityApplicationRef,
    resource: ResourceRef,
    request: ResourceLogRequest,
    onLine: (line: ResourceLogLine) => void,
    signal: AbortSignal,
  ): Promise<void>;

  refreshApplication(
    app: EntityApplicationRef,
    request: RefreshRequest,
  ): Promise<OperationResponse>;
  syncApplication(
    app: EntityApplicationRef,
    request: SyncRequest,
  ): Promise<OperationResponse>;
  rollbackApplication(
    app: EntityApplicationRef,
    request: RollbackRequest,
  ): Promise<OperationResponse>;
  /**
   * Rolls the application back in Git: opens a pull request on its source
   * repository that puts back what a history entry deployed (with
   * `dryRun`, answers what it would change and opens none); 409 saying why
   * when the entry cannot be reverted in Git.
   */
  revertApplication(
    app: EntityApplicationRef,
    request: RevertRequest,
  ): Promise<RevertResponse>;
  /**
   * Turns the application's automated sync, prune and self-heal on or off,
   * with the reason the audit keeps (409 for an application an
   * ApplicationSet generated).
   */
  updateSyncPolicy(
    app: EntityApplicationRef,
    request: SyncPolicyRequest,
  ): Promise<OperationResponse>;
  /**
   * What the application's agent would decide on each operation for the
   * signed-in user (its RBAC or access control, for agents that decide as
   * the user; the backend caches the answer briefly).
   */
  getAgentPermissions(app: EntityApplicationRef): Promise<AgentPermissions>;
  /** Stops the application's running operation (a sync or rollback). */
  terminateOperation(app: EntityApplicationRef): Promise<OperationResponse>;
  /** The actions the agent offers on one resource of the application. */
  listResourceActions(
    app: EntityApplicationRef,
    resource: ResourceRef,
  ): Promise<ResourceAction[]>;
  /** Runs one of a resource's actions (restart a Deployment). */
  runResourceAction(
    app: EntityApplicationRef,
    resource: ResourceRef,
    action: string,
  ): Promise<OperationResponse>;

  /**
   * Deletes an ApplicationSet of an agent (and, as the agent's policy says,
   * the applications it generated); only the owners of every entity that
   * claims it may.
   */
  deleteApplicationSet(
    agentId: string,
    name: string,
  ): Promise<{ auditId: string; applicationSet: GitOpsApplicationSet }>;

  getAgents(): Promise<GitOpsApiSchemas['AgentList']>;
  getEnvironments(): Promise<EnvironmentDefinition[]>;
  getFleetSummary(filter?: FleetApplicationFilter): Promise<FleetSummary>;
  getFleetApplications(
    filter?: FleetApplicationFilter,
  ): Promise<FleetApplicationsResponse>;
  /**
   * One page of the applications `filter` selects, in the backend's stable
   * order: at most `page.limit` from `page.cursor` (a page's `nextCursor`;
   * the first page without one), with the total the filter selects.
   */
  getFleetApplicationsPage(
    filter: FleetApplicationFilter,
    page: { cursor?: string; limit: number },
  ): Promise<FleetApplicationsResponse>;
  getClusters(): Promise<MultiAgentResult<GitOpsCluster>>;
  getRepositories(): Promise<MultiAgentResult<GitOpsRepository>>;
  getAuditEvents(query?: GitOpsEventQuery): Promise<AuditEvent[]>;
  getDriftEvents(query?: GitOpsEventQuery): Promise<DriftEvent[]>;

  /** Delivery metrics of an entity per environment over the last `windowDays` (30). */
  getEntityDeliveryMetrics(
    entityRef: string,
    options?: { windowDays?: number },
  ): Promise<EntityDeliveryMetricsResponse>;
  /**
   * Delivery metrics of every service and environment, of the applications
   * `filter` selects (the fleet filters; all when absent).
   */
  getFleetDeliveryMetrics(options?: {
    windowDays?: number;
    filter?: FleetApplicationFilter;
  }): Promise<FleetDeliveryMetricsResponse>;
  /** What separates each environment of an entity from the next one. */
  getEntityPromotion(entityRef: string): Promise<PromotionInsight>;
  /** The open promotion pull requests of the repositories an entity deploys from. */
  getEntityPullRequests(entityRef: string): Promise<PromotionPullRequestList>;
  /** Merges one of an entity's open promotion pull requests (audited; the merge deploys it). */
  mergeEntityPullRequest(
    entityRef: string,
    pullRequest: { repoUrl: string; number: number },
  ): Promise<PullRequestMergeResponse>;
}

/**
 * The {@link GitOpsApi} of the app.
 * @public
 */
export const gitopsApiRef = createApiRef<GitOpsApi>({
  id: 'plugin.gitops.service',
});
