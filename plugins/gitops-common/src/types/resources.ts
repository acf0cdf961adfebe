import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * Names one Kubernetes resource.
 * @public
 */
export type ResourceRef = GitOpsApiSchemas['ResourceRef'];

/**
 * One node of an application's resource tree.
 * @public
 */
export type ResourceNode = GitOpsApiSchemas['ResourceNode'];

/**
 * The resources an application manages and the ones they own.
 * @public
 */
export type ResourceTree = GitOpsApiSchemas['ResourceTree'];

/**
 * Desired versus live state of one managed resource. Secret data is
 * scrubbed by the backend before it leaves.
 * @public
 */
export type ResourceDiff = GitOpsApiSchemas['ResourceDiff'];

/**
 * The live manifest of one resource, Secret data and known credentials
 * redacted, with the containers its log lines can be read from.
 * @public
 */
export type ResourceManifest = GitOpsApiSchemas['ResourceManifest'];

/**
 * One Kubernetes event about a resource.
 * @public
 */
export type ResourceEvent = GitOpsApiSchemas['ResourceEvent'];

/**
 * One log line of a pod's container.
 * @public
 */
export type ResourceLogEntry = GitOpsApiSchemas['ResourceLogEntry'];

/**
 * One line of a logs stream: an entry, or why the stream stopped.
 * @public
 */
export type ResourceLogLine = GitOpsApiSchemas['ResourceLogLine'];

/**
 * An action the agent offers on a resource (Argo CD's resource actions,
 * such as `restart` on a Deployment); `disabled` when not possible now.
 * @public
 */
export type ResourceAction = GitOpsApiSchemas['ResourceAction'];

/**
 * One step of an Argo Rollouts canary.
 * @public
 */
export type RolloutStep = GitOpsApiSchemas['RolloutStep'];

/**
 * An Argo Rollouts Rollout as the provider normalized it from its live
 * object and its newest AnalysisRun: strategy, steps, where the canary
 * stands, its weights and its analysis.
 * @public
 */
export type RolloutSummary = GitOpsApiSchemas['RolloutSummary'];
