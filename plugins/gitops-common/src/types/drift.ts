import type { HealthStatusCode, SyncStatusCode } from './status';

/**
 * A period during which an application's live state differed from its
 * desired state. `endedAt` is absent while it still drifts.
 * @public
 */
export interface DriftEvent {
  id: string;
  agentId: string;
  application: string;
  entityRef?: string;
  environment?: string;
  startedAt: string;
  endedAt?: string;
  syncStatus: SyncStatusCode;
  health?: HealthStatusCode;
  revision?: string;
}
