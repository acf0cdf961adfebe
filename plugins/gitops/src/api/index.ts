export { gitopsApiRef } from './GitOpsApi';
export type {
  AgentPermissions,
  EntitySyncWindows,
  ApplicationRef,
  FleetApplicationsResponse,
  GitOpsAgent,
  GitOpsApi,
  GitOpsEventQuery,
  GitOpsEvents,
  ResourceLogRequest,
} from './GitOpsApi';
export { GitOpsClient } from './GitOpsClient';
export {
  gitOpsUserIdentityApiRef,
  noUserIdentity,
} from './GitOpsUserIdentityApi';
export type { GitOpsUserIdentityApi } from './GitOpsUserIdentityApi';
