import type {
  AutomatedSyncPolicy,
  GitOpsAgentInfo,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
  ResourceAction,
  ResourceDiff,
  ResourceRef,
  ResourceTree,
  ResourceEvent,
  ResourceLogEntry,
  RevisionMetadata,
  RollbackRequest,
  SyncRequest,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsProxyRules } from './GitOpsProxyRules';
import type { ListSnapshot, WatchOptions } from './GitOpsWatch';
import type { ResourceLogQuery, ResourceTarget } from './ResourceReads';

/**
 * Options every provider call accepts.
 * @public
 */
export interface ProviderCallOptions {
  /** Aborts the upstream request (per-agent timeout, client gone). */
  signal?: AbortSignal;
  /**
   * The signed-in user an operation is made for, on an agent configured to
   * decide as that user (`gitops.agents[].userIdentity`): the agent's own
   * access control (Argo CD RBAC, Harness access control) applies to the
   * user, never only the shared credential's.
   */
  user?: AgentUser;
}

/**
 * The signed-in user an agent call is made for, as verified by the suite.
 * @public
 */
export interface AgentUser {
  /** The Backstage user, e.g. `user:default/ada`. */
  entityRef: string;
  /**
   * The user's OIDC ID token, verified against its issuer and matched to
   * the Backstage user: sent as the agent credential of this one call
   * (Argo CD accepts it when its OIDC config trusts the issuer). Never
   * logged, stored, or kept beyond the request.
   */
  idToken?: string;
  /**
   * The user's principal in the agent's own access control (Harness: the
   * user identifier its ACL is asked about).
   */
  principal?: string;
}

/**
 * What a user may be asked to be allowed to do on an application by the
 * agent's own access control.
 * @public
 */
export type AgentAccessAction =
  | 'refresh'
  | 'sync'
  | 'rollback'
  | 'terminate'
  | 'action';

/**
 * The agent's own answer for one action: allowed, or refused with the
 * agent's reason (e.g. Argo CD's `permission denied: ...`).
 * @public
 */
export interface AgentAccessDecision {
  allowed: boolean;
  reason?: string;
}

/**
 * Which applications to list. Every given restriction applies (AND); an
 * empty query lists every application the agent's credential may see.
 * @public
 */
export interface ApplicationListQuery {
  /** Kubernetes label selector over Application labels. */
  selector?: string;
  /** Argo CD projects. */
  projects?: string[];
  /** One application by name. */
  name?: string;
  /** Namespace of apps in any namespace. */
  appNamespace?: string;
  /**
   * Ask only for the fields a list view needs (Argo CD's `fields`
   * parameter). Lean applications carry no history nor operation details.
   */
  lean?: boolean;
}

/**
 * Names one application on an agent.
 * @public
 */
export interface ApplicationRef {
  name: string;
  /** The Application's own namespace (apps in any namespace). */
  namespace?: string;
  project?: string;
}

/**
 * An ApplicationSet as an agent's API addresses it: by name, and by the
 * identifier the agent gave it where its API reads sets by identifier only
 * (Harness GitOps; the fleet state's sets carry it as `id`).
 * @public
 */
export interface ApplicationSetRef {
  name: string;
  id?: string;
}

/**
 * What `createApplicationSet` answers.
 * @public
 */
export interface ApplicationSetCreateResult {
  applicationSet: GitOpsApplicationSet;
  /** Whether the agent was only asked to validate (dry run). */
  dryRun: boolean;
}

/**
 * Where an Argo CD AppProject lets its applications deploy from and to, and
 * who owns it: what the trust model reads from the agent.
 * @public
 */
export interface GitOpsProjectInfo {
  name: string;
  /** `spec.destinations`: `server`, `name` and `namespace` globs (`!` denies). */
  destinations: Array<{ server?: string; name?: string; namespace?: string }>;
  /** `spec.sourceRepos` globs (`!` denies). */
  sourceRepos: string[];
  /**
   * The Backstage owners the project's `gitops/owner` annotation names
   * (comma-separated entity refs, `group` and `default` when not given).
   */
  owners: string[];
}

/**
 * The raw answer of a read-only passthrough call, for the guarded proxy.
 * The body is what the agent sent; the proxy scrubs it before it leaves.
 * @public
 */
export interface RawAgentResponse {
  status: number;
  contentType?: string;
  body: unknown;
}

/**
 * One GitOps agent behind one interface. A provider maps the agent's raw
 * payloads to the suite's normalized model, once; nothing downstream sees a
 * raw payload (except `rawGet`, which only the guarded proxy uses).
 *
 * A provider also declares what the plugin needs to know of its kind: the
 * paths the guarded proxy may forward to it ({@link GitOpsProvider.proxy}),
 * the credential values scrubbed from every answer
 * ({@link GitOpsProvider.secrets}) and how its applications are found by
 * service ({@link GitOpsProvider.serviceSelectors}); a new kind gets
 * proxying and scrubbing without the plugin knowing it.
 *
 * Providers throw {@link GitOpsAgentError} for upstream failures.
 * @public
 */
export interface GitOpsProvider {
  readonly agent: GitOpsAgentInfo;

  /**
   * The read-only agent paths the guarded proxy forwards to this agent
   * (through {@link GitOpsProvider.rawGet}); an empty list forwards nothing.
   */
  readonly proxy: GitOpsProxyRules;

  /**
   * The credential values this provider was configured with (tokens,
   * passwords, API keys): replaced by `<redacted>` wherever they appear in
   * what leaves the backend.
   */
  readonly secrets: readonly string[];

  /**
   * Optional: label selectors that find the applications of the given
   * services on this agent beyond the suite's own `gitops/service` label
   * (Harness GitOps: its service reference label, in each scoped form).
   * The cold read of an entity's applications lists each of them.
   */
  serviceSelectors?(services: string[]): string[];

  getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus>;

  listApplications(
    query: ApplicationListQuery,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]>;

  getApplication(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;

  getResourceTree(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceTree>;

  getManagedResources(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceDiff[]>;

  getRevisionMetadata(
    ref: ApplicationRef,
    revision: string,
    options?: ProviderCallOptions,
  ): Promise<RevisionMetadata>;

  getSyncWindows(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<SyncWindow[]>;

  refresh(
    ref: ApplicationRef,
    mode: 'normal' | 'hard',
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;

  sync(
    ref: ApplicationRef,
    request: SyncRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;

  rollback(
    ref: ApplicationRef,
    request: RollbackRequest,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;

  /**
   * Optional: sets the application's automated sync policy
   * (`spec.syncPolicy.automated`; Argo CD `PATCH /api/v1/applications/{name}`
   * with a merge patch), leaving the rest of its spec as it is, and answers
   * the application as the agent has it then. A provider without it cannot
   * change sync policies.
   */
  setSyncPolicy?(
    ref: ApplicationRef,
    policy: AutomatedSyncPolicy,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;

  /**
   * Optional: stops the running operation (Argo CD
   * `DELETE /api/v1/applications/{name}/operation`); the agent refuses when
   * none is running. A provider without it cannot terminate.
   */
  terminateOperation?(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<void>;

  /**
   * Optional: the actions the agent offers on one resource of the
   * application (Argo CD `GET .../resource/actions`).
   */
  listResourceActions?(
    ref: ApplicationRef,
    resource: ResourceRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceAction[]>;

  /**
   * Optional: runs one of a resource's actions (Argo CD
   * `POST .../resource/actions`), such as `restart` on a Deployment.
   */
  runResourceAction?(
    ref: ApplicationRef,
    resource: ResourceRef,
    action: string,
    options?: ProviderCallOptions,
  ): Promise<void>;

  listApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet[]>;

  /**
   * One ApplicationSet, read from the agent: by name, or by its identifier
   * where the agent's API needs one (a name alone is then searched for,
   * never found by reading the whole list). A `not_found` error when the
   * agent has none.
   */
  getApplicationSet(
    set: string | ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet>;

  /**
   * Deletes an ApplicationSet; the agent deletes the applications it
   * generated as its own policy says (Argo CD: unless
   * `preserveResourcesOnDeletion`). A `not_found` error when it is gone.
   */
  deleteApplicationSet?(
    set: ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<void>;

  createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult>;

  /**
   * The applications an ApplicationSet would generate, as the agent's own
   * generator produces them (Argo CD `POST /api/v1/applicationsets/generate`),
   * normalized; nothing is created. A provider without it cannot have sets
   * created through the suite: they cannot be checked first.
   */
  generateApplicationSet?(
    manifest: Record<string, unknown>,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]>;

  /** One AppProject; undefined when the agent has none of that name. */
  getProject?(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsProjectInfo | undefined>;

  /**
   * Optional: the live manifest of one resource of the application, as
   * the agent holds it (a Kubernetes object; Secret data is scrubbed
   * downstream whatever the agent sends).
   */
  getResourceManifest?(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<Record<string, unknown>>;

  /** Optional: the Kubernetes events of one resource of the application. */
  listResourceEvents?(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<ResourceEvent[]>;

  /**
   * Optional: streams the log lines of a resource's pods to `onEntry`
   * until the agent ends the stream (it sent what was asked, or a follow
   * ended) or `options.signal` aborts; either resolves.
   */
  streamResourceLogs?(
    ref: ApplicationRef,
    resource: ResourceTarget,
    query: ResourceLogQuery,
    onEntry: (entry: ResourceLogEntry) => void,
    options: ProviderCallOptions & { signal: AbortSignal },
  ): Promise<void>;

  /**
   * Optional: how this kind lets the agent decide as the signed-in user
   * (`gitops.agents[].userIdentity.mode`): `forward-oidc-token` (the user's
   * ID token is the credential of their operations) or `harness-acl` (the
   * agent's access control is asked about the user's principal first).
   * An agent whose kind lists no mode cannot be configured with one.
   */
  readonly userIdentityModes?: readonly string[];

  /**
   * Optional: asks the agent's own access control whether `options.user`
   * may do each of `actions` on the application (Argo CD `can-i`, Harness
   * ACL), answered per action.
   */
  canI?(
    ref: ApplicationRef,
    actions: readonly AgentAccessAction[],
    options: ProviderCallOptions & { user: AgentUser },
  ): Promise<Record<string, AgentAccessDecision>>;

  listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]>;

  listRepositories(options?: ProviderCallOptions): Promise<GitOpsRepository[]>;

  /**
   * Optional watch support (Argo CD's `/api/v1/stream/...`): the lean
   * application list with its resourceVersion, to watch from.
   */
  snapshotApplications?(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>>;

  /**
   * Optional: streams lean application changes after
   * `options.resourceVersion` until the signal aborts (resolves) or the
   * stream fails or ends (rejects with a {@link GitOpsAgentError}).
   */
  watchApplications?(options: WatchOptions<GitOpsApplication>): Promise<void>;

  /** Optional: the ApplicationSet list with its resourceVersion. */
  snapshotApplicationSets?(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>>;

  /** Optional: streams ApplicationSet changes, as `watchApplications`. */
  watchApplicationSets?(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void>;

  /**
   * A read-only GET of an agent API path (relative to the agent's base URL,
   * already checked against {@link GitOpsProvider.proxy}), with the agent credential
   * injected by the provider.
   */
  rawGet(
    path: string,
    query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse>;
}
