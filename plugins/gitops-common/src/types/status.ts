/**
 * Whether an application's live state equals its desired state.
 * @public
 */
export type SyncStatusCode = 'Synced' | 'OutOfSync' | 'Unknown';

/**
 * Every {@link SyncStatusCode}, in display order.
 * @public
 */
export const SYNC_STATUSES: readonly SyncStatusCode[] = [
  'Synced',
  'OutOfSync',
  'Unknown',
];

/**
 * The health of an application or of one of its resources, as Argo CD
 * assesses it.
 * @public
 */
export type HealthStatusCode =
  | 'Healthy'
  | 'Progressing'
  | 'Degraded'
  | 'Suspended'
  | 'Missing'
  | 'Unknown';

/**
 * Every {@link HealthStatusCode}, in display order.
 * @public
 */
export const HEALTH_STATUSES: readonly HealthStatusCode[] = [
  'Healthy',
  'Progressing',
  'Degraded',
  'Suspended',
  'Missing',
  'Unknown',
];

/**
 * The phase of an application's current or last operation (sync, rollback).
 * @public
 */
export type OperationPhase =
  | 'Running'
  | 'Succeeded'
  | 'Failed'
  | 'Error'
  | 'Terminating';

/**
 * Every {@link OperationPhase}.
 * @public
 */
export const OPERATION_PHASES: readonly OperationPhase[] = [
  'Running',
  'Succeeded',
  'Failed',
  'Error',
  'Terminating',
];
