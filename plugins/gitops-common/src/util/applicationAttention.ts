import type {
  GitOpsApplication,
  HealthStatusCode,
  OperationState,
} from '../types';
import { hydrationFailed } from './hydratedRevision';

/**
 * Health in which an application does not serve as it should: an incident
 * for delivery metrics (time to restore), a failed change when it follows a
 * deployment.
 * @public
 */
export const UNHEALTHY_STATUSES: readonly HealthStatusCode[] = [
  'Degraded',
  'Missing',
];

/**
 * Health a person should look at: the unhealthy ones, and Suspended (a
 * paused rollout or a suspended job does not progress by itself).
 * @public
 */
export const ATTENTION_HEALTH_STATUSES: readonly HealthStatusCode[] = [
  ...UNHEALTHY_STATUSES,
  'Suspended',
];

/**
 * Whether an application's health is unhealthy (see {@link UNHEALTHY_STATUSES}).
 * @public
 */
export function isUnhealthy(app: Pick<GitOpsApplication, 'health'>): boolean {
  return UNHEALTHY_STATUSES.includes(app.health.status);
}

/**
 * Whether an operation ended `Failed` or `Error` (a dry run included: what
 * it reports failed).
 * @public
 */
export function operationFailed(
  operation: Pick<OperationState, 'phase'> | undefined,
): boolean {
  return operation?.phase === 'Failed' || operation?.phase === 'Error';
}

/**
 * What the attention rule reads of an application.
 * @public
 */
export type AttentionFields = Pick<GitOpsApplication, 'health' | 'sync' | 'operation'> &
  Partial<Pick<GitOpsApplication, 'sourceHydrator'>>;

/**
 * The one rule for "needs attention" (the fleet page's list, its counts):
 * health to look at, out of sync with Git, a last operation that failed, or
 * a hydration that failed (its dry source does not render).
 * @public
 */
export function needsAttention(app: AttentionFields): boolean {
  return (
    ATTENTION_HEALTH_STATUSES.includes(app.health.status) ||
    app.sync.status === 'OutOfSync' ||
    operationFailed(app.operation) ||
    hydrationFailed(app)
  );
}

/**
 * Why an application needs attention, in the agent's words: the error of a
 * failed or errored last operation (what Argo CD raises as its SyncError or
 * ComparisonError condition), else that of a failed hydration, else the
 * health message, else the sync state.
 * @public
 */
export function attentionMessage(app: AttentionFields): string | undefined {
  const { operation } = app;
  if (operation && operationFailed(operation)) {
    const what = operation.phase === 'Error' ? 'Sync error' : 'Sync failed';
    return operation.message ? `${what}: ${operation.message}` : what;
  }
  if (hydrationFailed(app)) {
    const message = app.sourceHydrator?.currentOperation?.message;
    return message ? `Hydration failed: ${message}` : 'Hydration failed';
  }
  if (app.health.message) return app.health.message;
  if (app.sync.status === 'OutOfSync') return 'Out of sync with Git';
  return undefined;
}
