export { applicationKey, parseApplicationKey } from './applicationKey';
export { shortRevision } from './shortRevision';
export { summarizeFleet, summarizeFleetCounts } from './summarizeFleet';
export {
  FleetCounts,
  countedHealthStatus,
  countedSyncStatus,
  isDrifting,
} from './fleetCounts';
export type { PartCounts } from './fleetCounts';
export { filterFleetApplications } from './filterFleetApplications';
export type { AgentsById } from './filterFleetApplications';
export { deployedRevision, historyEntryRevision } from './deployedRevision';
export type { DeployedRevision } from './deployedRevision';
export {
  ATTENTION_HEALTH_STATUSES,
  UNHEALTHY_STATUSES,
  attentionMessage,
  isUnhealthy,
  needsAttention,
  operationFailed,
} from './applicationAttention';
export type { AttentionFields } from './applicationAttention';
export { imageReference, imageVersion } from './imageReference';
export { JSON_BOUNDS, jsonBoundsProblem } from './jsonBounds';
export { hydratedRevision, hydrationFailed } from './hydratedRevision';
export type { HydratedRevision } from './hydratedRevision';
export { applicationSetOf, isGeneratedBy } from './applicationSetOf';
export { sanitizeAgentText } from './sanitizeAgentText';
export { actionBlockers, mostSevereFirst } from './actionBlockers';
export type { ActionBlocker } from './actionBlockers';
export { olderArgoCdAgents } from './argoCdReleases';
export {
  applicationRelease,
  compareReleases,
  hasRelease,
} from './compareReleases';
export type { Release } from './compareReleases';
export {
  isMidRollout,
  rolloutProgress,
  rolloutProgressLabel,
} from './rolloutProgress';
export type { RolloutProgress } from './rolloutProgress';
