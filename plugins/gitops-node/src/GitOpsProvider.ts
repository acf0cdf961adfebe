import type {
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
import type { GitOpsProxyRules } from './GitOpsProxyRules';
import type { GitOpsProviderCapabilities } from './GitOpsProviderCapabilities';
import type {
  ApplicationListQuery,
  ApplicationRef,
  ApplicationSetCreateResult,
  ApplicationSetRef,
  ProviderCallOptions,
  RawAgentResponse,
} from './providerTypes';

/**
 * What every GitOps agent's provider does: one agent behind one interface. A provider maps the agent's raw
 * payloads to the suite's normalized model, once; nothing downstream sees a
 * raw payload (except `rawGet`, which only the guarded proxy uses).
 *
 * A provider also declares what the plugin needs to know of its kind: the
 * paths the guarded proxy may forward to it ({@link GitOpsProviderCore.proxy}),
 * the credential values scrubbed from every answer
 * ({@link GitOpsProviderCore.secrets}) and how its applications are found by
 * service ({@link ServiceSelectorCapability.serviceSelectors}); a new kind gets
 * proxying and scrubbing without the plugin knowing it.
 *
 * Providers throw {@link GitOpsAgentError} for upstream failures.
 * @public
 */
export interface GitOpsProviderCore {
  readonly agent: GitOpsAgentInfo;

  /**
   * The read-only agent paths the guarded proxy forwards to this agent
   * (through {@link GitOpsProviderCore.rawGet}); an empty list forwards nothing.
   */
  readonly proxy: GitOpsProxyRules;

  /**
   * The credential values this provider was configured with (tokens,
   * passwords, API keys): replaced by `<redacted>` wherever they appear in
   * what leaves the backend.
   */
  readonly secrets: readonly string[];

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

  createApplicationSet(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult>;

  listClusters(options?: ProviderCallOptions): Promise<GitOpsCluster[]>;

  listRepositories(options?: ProviderCallOptions): Promise<GitOpsRepository[]>;

  /**
   * A read-only GET of an agent API path (relative to the agent's base URL,
   * already checked against {@link GitOpsProviderCore.proxy}), with the agent credential
   * injected by the provider.
   */
  rawGet(
    path: string,
    query: URLSearchParams,
    options?: ProviderCallOptions,
  ): Promise<RawAgentResponse>;
}

/**
 * A GitOps agent's provider: its core, and the capabilities it has
 * ({@link GitOpsProviderCapabilities}), each whole or absent.
 * @public
 */
export type GitOpsProvider = GitOpsProviderCore &
  Partial<
    GitOpsProviderCapabilities['serviceSelectors'] &
      GitOpsProviderCapabilities['syncPolicy'] &
      GitOpsProviderCapabilities['terminate'] &
      GitOpsProviderCapabilities['resourceActions'] &
      GitOpsProviderCapabilities['applicationSets'] &
      GitOpsProviderCapabilities['projects'] &
      GitOpsProviderCapabilities['resources'] &
      GitOpsProviderCapabilities['userIdentity'] &
      GitOpsProviderCapabilities['watch'] &
      GitOpsProviderCapabilities['applicationSetWatch']
  >;
