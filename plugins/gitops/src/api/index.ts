export { gitopsApiRef } from './GitOpsApi';
export type {
  ApplicationRef,
  FleetApplicationsResponse,
  GitOpsAgent,
  GitOpsApi,
  GitOpsEventQuery,
  GitOpsEvents,
  ResourceLogRequest,
} from './GitOpsApi';
export { GitOpsClient } from './GitOpsClient';
