export { gitopsApiRef } from './GitOpsApi';
export type {
  ApplicationRef,
  FleetApplicationsResponse,
  GitOpsAgent,
  GitOpsApi,
  GitOpsEventQuery,
  GitOpsEvents,
} from './GitOpsApi';
export { GitOpsClient } from './GitOpsClient';
