export * from './applicationKey';
export * from './shortRevision';
export { summarizeFleet, summarizeFleetCounts } from './summarizeFleet';
export * from './fleetCounts';
export * from './filterFleetApplications';
// primarySourceIndex and latestHistoryEntry stay internal
export { deployedRevision, historyEntryRevision } from './deployedRevision';
export type { DeployedRevision } from './deployedRevision';
export * from './applicationAttention';
export * from './imageReference';
export * from './jsonBounds';
export * from './hydratedRevision';
export * from './applicationSetOf';
export * from './sanitizeAgentText';
export * from './actionBlockers';
export * from './argoCdReleases';
export * from './compareReleases';
export * from './rolloutProgress';
