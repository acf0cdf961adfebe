import { ApiError, GrpcCode } from '../http/ApiError';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { computeStatus } from './applicationStatus';
import { AppRecord } from './types';

/**
 * DELETE .../operation (ApplicationService_TerminateOperation), as Argo CD
 * does it: the API server marks the running operation `Terminating` and
 * answers at once; the application controller then stops the sync, which
 * ends `Failed` with "Operation terminated" (no history entry, the live
 * state as far as the sync got). Without an operation in progress Argo CD
 * answers InvalidArgument, worded as here.
 */
export function terminateOperation(store: AgentStore, record: AppRecord): void {
  const app = record.app;
  const state = app.status?.operationState;
  if (!app.operation || !state) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'Unable to terminate operation. No operation is in progress',
    );
  }
  const operation = app.operation;
  state.phase = 'Terminating';
  // a held operation ends here, not when the hold is released
  record.heldFinish = undefined;
  store.changed(record);
  // the controller notices within a moment
  const controllerDelayMs = Math.max(1, Math.round(store.config.syncDurationMs / 10));
  store.schedule(record, controllerDelayMs, () => {
    if (app.operation !== operation) return;
    delete app.operation;
    app.status.operationState = {
      ...state,
      phase: 'Failed',
      message: 'Operation terminated',
      finishedAt: isoSeconds(store.now()),
    };
    const model = record.model;
    if (model.health === 'Progressing' && record.healthBeforeOperation) {
      model.health = record.healthBeforeOperation;
    }
    computeStatus(store.render, record, {
      inlineHealth: store.config.inlineHealth,
      now: store.now(),
    });
    store.changed(record);
  });
}
