export { applicationKey, parseApplicationKey } from './applicationKey';
export { shortRevision } from './shortRevision';
export { summarizeFleet, isDrifting } from './summarizeFleet';
export { filterFleetApplications } from './filterFleetApplications';
export type { AgentsById } from './filterFleetApplications';
export { deployedRevision, historyEntryRevision } from './deployedRevision';
export type { DeployedRevision } from './deployedRevision';
