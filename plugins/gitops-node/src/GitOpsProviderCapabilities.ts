import type {
  AutomatedSyncPolicy,
  GitOpsApplication,
  GitOpsApplicationSet,
  ResourceAction,
  ResourceEvent,
  ResourceLogEntry,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import type { ListSnapshot, WatchOptions } from './GitOpsWatch';
import type {
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationRef,
  ApplicationSetRef,
  GitOpsProjectInfo,
  ProviderCallOptions,
} from './providerTypes';
import type { ResourceLogQuery, ResourceTarget } from './ResourceReads';
import type { GitOpsProvider } from './GitOpsProvider';

/*
 * What a provider may do beyond its core, each a capability: all of its
 * members or none. The plugin checks each provider's capabilities once, when
 * it registers the agent, and asks for a capability by name from then on.
 */

/**
 * Finds the applications of a service beyond the suite's own `gitops/service` label.
 * @public
 */
export interface ServiceSelectorCapability {
  /**
   * Label selectors that find the applications of the given
   * services on this agent beyond the suite's own `gitops/service` label
   * (Harness GitOps: its service reference label, in each scoped form).
   * The cold read of an entity's applications lists each of them.
   */
  serviceSelectors(services: string[]): string[];
}

/**
 * Changes an application's automated sync policy.
 * @public
 */
export interface SyncPolicyCapability {
  /**
   * Sets the application's automated sync policy
   * (`spec.syncPolicy.automated`; Argo CD `PATCH /api/v1/applications/{name}`
   * with a merge patch), leaving the rest of its spec as it is, and answers
   * the application as the agent has it then. A provider without it cannot
   * change sync policies.
   */
  setSyncPolicy(
    ref: ApplicationRef,
    policy: AutomatedSyncPolicy,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication>;
}

/**
 * Stops an application's running operation.
 * @public
 */
export interface TerminateCapability {
  /**
   * Stops the running operation (Argo CD
   * `DELETE /api/v1/applications/{name}/operation`); the agent refuses when
   * none is running. A provider without it cannot terminate.
   */
  terminateOperation(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<void>;
}

/**
 * The actions the agent offers on a resource (Argo CD's resource actions), listed and run.
 * @public
 */
export interface ResourceActionCapability {
  /**
   * The actions the agent offers on one resource of the
   * application (Argo CD `GET .../resource/actions`).
   */
  listResourceActions(
    ref: ApplicationRef,
    resource: ResourceRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceAction[]>;

  /**
   * Runs one of a resource's actions (Argo CD
   * `POST .../resource/actions`), such as `restart` on a Deployment.
   */
  runResourceAction(
    ref: ApplicationRef,
    resource: ResourceRef,
    action: string,
    options?: ProviderCallOptions,
  ): Promise<void>;
}

/**
 * ApplicationSets generated (checked before they are created) and deleted through the suite.
 * @public
 */
export interface ApplicationSetCapability {
  /**
   * Deletes an ApplicationSet; the agent deletes the applications it
   * generated as its own policy says (Argo CD: unless
   * `preserveResourcesOnDeletion`). A `not_found` error when it is gone.
   */
  deleteApplicationSet(
    set: ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<void>;

  /**
   * The applications an ApplicationSet would generate, as the agent's own
   * generator produces them (Argo CD `POST /api/v1/applicationsets/generate`),
   * normalized; nothing is created. A provider without it cannot have sets
   * created through the suite: they cannot be checked first.
   */
  generateApplicationSet(
    manifest: Record<string, unknown>,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplication[]>;
}

/**
 * The agent's projects (Argo CD AppProjects), for the trust model.
 * @public
 */
export interface ProjectCapability {
  /** One AppProject; undefined when the agent has none of that name. */
  getProject(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<GitOpsProjectInfo | undefined>;
}

/**
 * One resource's live manifest, events and container logs.
 * @public
 */
export interface ResourceCapability {
  /**
   * The live manifest of one resource of the application, as
   * the agent holds it (a Kubernetes object; Secret data is scrubbed
   * downstream whatever the agent sends).
   */
  getResourceManifest(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<Record<string, unknown>>;

  /** The Kubernetes events of one resource of the application. */
  listResourceEvents(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<ResourceEvent[]>;

  /**
   * Streams the log lines of a resource's pods to `onEntry`
   * until the agent ends the stream (it sent what was asked, or a follow
   * ended) or `options.signal` aborts; either resolves.
   */
  streamResourceLogs(
    ref: ApplicationRef,
    resource: ResourceTarget,
    query: ResourceLogQuery,
    onEntry: (entry: ResourceLogEntry) => void,
    options: ProviderCallOptions & { signal: AbortSignal },
  ): Promise<void>;
}

/**
 * The agent decides as the signed-in user, and answers what the user may do.
 * @public
 */
export interface UserIdentityCapability {
  /**
   * How this kind lets the agent decide as the signed-in user
   * (`gitops.agents[].userIdentity.mode`): `forward-oidc-token` (the user's
   * ID token is the credential of their operations) or `harness-acl` (the
   * agent's access control is asked about the user's principal first).
   * An agent whose kind lists no mode cannot be configured with one.
   */
  readonly userIdentityModes: readonly string[];

  /**
   * Asks the agent's own access control whether `options.user`
   * may do each of `actions` on the application (Argo CD `can-i`, Harness
   * ACL), answered per action.
   */
  canI(
    ref: ApplicationRef,
    actions: readonly AgentAccessAction[],
    options: ProviderCallOptions & { user: AgentUser },
  ): Promise<Record<string, AgentAccessDecision>>;
}

/**
 * The application list watched (Argo CD's `/api/v1/stream/applications`) instead of polled.
 * @public
 */
export interface WatchCapability {
  /**
   * Watch support (Argo CD's `/api/v1/stream/...`): the lean
   * application list with its resourceVersion, to watch from.
   */
  snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>>;

  /**
   * Streams lean application changes after
   * `options.resourceVersion` until the signal aborts (resolves) or the
   * stream fails or ends (rejects with a {@link GitOpsAgentError}).
   */
  watchApplications(options: WatchOptions<GitOpsApplication>): Promise<void>;
}

/**
 * The ApplicationSet list watched instead of polled.
 * @public
 */
export interface ApplicationSetWatchCapability {
  /** The ApplicationSet list with its resourceVersion. */
  snapshotApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>>;

  /** Streams ApplicationSet changes, as `watchApplications`. */
  watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void>;
}

/**
 * Each capability by the name the plugin asks for it.
 * @public
 */
export interface GitOpsProviderCapabilities {
  serviceSelectors: ServiceSelectorCapability;
  syncPolicy: SyncPolicyCapability;
  terminate: TerminateCapability;
  resourceActions: ResourceActionCapability;
  applicationSets: ApplicationSetCapability;
  projects: ProjectCapability;
  resources: ResourceCapability;
  userIdentity: UserIdentityCapability;
  watch: WatchCapability;
  applicationSetWatch: ApplicationSetWatchCapability;
}

/**
 * The name of a provider capability.
 * @public
 */
export type GitOpsProviderCapability = keyof GitOpsProviderCapabilities;

/**
 * The members of each capability: a provider has all of them or none.
 * @public
 */
export const gitopsProviderCapabilityMembers: {
  readonly [C in GitOpsProviderCapability]: readonly (keyof GitOpsProviderCapabilities[C])[];
} = {
  serviceSelectors: ['serviceSelectors'],
  syncPolicy: ['setSyncPolicy'],
  terminate: ['terminateOperation'],
  resourceActions: ['listResourceActions', 'runResourceAction'],
  applicationSets: ['deleteApplicationSet', 'generateApplicationSet'],
  projects: ['getProject'],
  resources: [
    'getResourceManifest',
    'listResourceEvents',
    'streamResourceLogs',
  ],
  userIdentity: ['userIdentityModes', 'canI'],
  watch: ['snapshotApplications', 'watchApplications'],
  applicationSetWatch: ['snapshotApplicationSets', 'watchApplicationSets'],
};

/**
 * Which capabilities a provider has, and those it has only in part (a
 * provider registered with a partial capability is refused: the plugin
 * would call a member it lacks).
 * @public
 */
export function describeProviderCapabilities(provider: GitOpsProvider): {
  capabilities: GitOpsProviderCapability[];
  partial: Array<{ capability: GitOpsProviderCapability; missing: string[] }>;
} {
  const capabilities: GitOpsProviderCapability[] = [];
  const partial: Array<{
    capability: GitOpsProviderCapability;
    missing: string[];
  }> = [];
  const members = gitopsProviderCapabilityMembers as Record<
    GitOpsProviderCapability,
    readonly string[]
  >;
  for (const capability of Object.keys(members) as GitOpsProviderCapability[]) {
    const missing = members[capability].filter(
      member =>
        (provider as unknown as Record<string, unknown>)[member] === undefined,
    );
    if (missing.length === 0) capabilities.push(capability);
    else if (missing.length < members[capability].length) {
      partial.push({ capability, missing });
    }
  }
  return { capabilities, partial };
}

/**
 * Whether a provider has a capability (every member of it), typed: the one
 * check callers make instead of probing members one by one.
 * @public
 */
export function hasProviderCapability<C extends GitOpsProviderCapability>(
  provider: GitOpsProvider,
  capability: C,
): provider is GitOpsProvider & GitOpsProviderCapabilities[C] {
  return (
    gitopsProviderCapabilityMembers[capability] as readonly string[]
  ).every(
    member =>
      (provider as unknown as Record<string, unknown>)[member] !== undefined,
  );
}
