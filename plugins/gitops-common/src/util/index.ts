export { applicationKey, parseApplicationKey } from './applicationKey';
export { shortRevision } from './shortRevision';
export { summarizeFleet, isDrifting } from './summarizeFleet';
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
export { imageReference, imageVersion } from './imageReference';
export { JSON_BOUNDS, jsonBoundsProblem } from './jsonBounds';
