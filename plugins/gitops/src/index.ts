/**
 * The GitOps frontend plugin: the entity GitOps tab with its environment
 * matrix, application details and operations, an overview card, the
 * environment tab of Resources, the agent health card of agent Resources and
 * the fleet page.
 *
 * @packageDocumentation
 */

export {
  gitopsPlugin,
  EntityGitOpsContent,
  EntityGitOpsOverviewCard,
  EntityGitOpsEnvironmentContent,
  EntityGitOpsAgentCard,
  GitOpsFleetPage,
  EntityDeliveryMetricsCard,
  EntityPromotionInsightCard,
} from './plugin';
export type { DeliveryMetricsCardProps } from './components/DeliveryMetricsCard';
export { gitopsApiRef, GitOpsClient, gitOpsUserIdentityApiRef } from './api';
export type {
  AgentPermissions,
  EntitySyncWindows,
  ApplicationRef,
  FleetApplicationsResponse,
  GitOpsAgent,
  GitOpsApi,
  GitOpsEventQuery,
  ResourceLogRequest,
  GitOpsEvents,
  GitOpsUserIdentityApi,
} from './api';
export type { EntityGitOpsContentProps } from './components/EntityGitOpsContent';
export type { GitOpsFleetPageProps } from './components/GitOpsFleetPage';
export { isGitOpsEnvironment } from './components/EntityGitOpsEnvironmentContent';
export { isGitOpsAgent } from './components/AgentHealth/EntityGitOpsAgentCard';
export { isGitOpsAvailable } from '@gitops-suite/plugin-gitops-common';
export * from './scaffolder';
