import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
import {
  applicationOperationPhaseValues,
  healthStatusValues,
  syncStatusValues,
} from '../client/generated/openapi';

/**
 * Whether an application's live state equals its desired state.
 * @public
 */
export type SyncStatusCode = GitOpsApiSchemas['SyncStatus'];

/**
 * Every {@link SyncStatusCode}, in display order (the spec's order).
 * @public
 */
export const SYNC_STATUSES: readonly SyncStatusCode[] = syncStatusValues;

/**
 * The health of an application or of one of its resources, as Argo CD
 * assesses it.
 * @public
 */
export type HealthStatusCode = GitOpsApiSchemas['HealthStatus'];

/**
 * Every {@link HealthStatusCode}, in display order (the spec's order).
 * @public
 */
export const HEALTH_STATUSES: readonly HealthStatusCode[] = healthStatusValues;

/**
 * The phase of an application's current or last operation (sync, rollback).
 * @public
 */
export type OperationPhase = NonNullable<
  GitOpsApiSchemas['Application']['operation']
>['phase'];

/**
 * Every {@link OperationPhase}.
 * @public
 */
export const OPERATION_PHASES: readonly OperationPhase[] =
  applicationOperationPhaseValues;
