import type { OperationState } from '@gitops-suite/plugin-gitops-common';

/** Whether an operation is under way: running, or being terminated. */
export function operationUnderWay(operation: OperationState | undefined) {
  return operation?.phase === 'Running' || operation?.phase === 'Terminating';
}
