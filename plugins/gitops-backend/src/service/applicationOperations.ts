import { ConflictError } from '@backstage/errors';
import {
  GitOpsApplication,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
  RefreshRequest,
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from './GitOpsServices';
import { OperationCaller } from './Operations';
import { syncOptionsFor } from './syncOptions';

/**
 * The agent refuses a second operation while one runs: answer 409 at once,
 * with what is running. (A race the application's state does not show yet
 * still reaches the agent, whose refusal maps to 409 as well.)
 */
function refuseWhileRunning(app: GitOpsApplication): void {
  if (app.operation?.phase === 'Running') {
    throw new ConflictError(
      `Another operation is already in progress on ${app.name}${
        app.operation.startedAt ? ` (started ${app.operation.startedAt})` : ''
      }; wait for it to finish`,
    );
  }
}

/**
 * Refreshes an entity's application, audited. `parameters` is the spec's
 * refresh body as the router hands it over (checked, `mode` defaulted).
 */
export function refresh(
  ctx: Pick<GitOpsServices, 'operations'>,
  caller: OperationCaller,
  parameters: RefreshRequest & { mode: NonNullable<RefreshRequest['mode']> },
) {
  return ctx.operations.run(caller, {
    action: 'refresh',
    permission: gitopsApplicationRefreshPermission,
    parameters,
    call: (provider, ref, options) =>
      provider.refresh(ref, parameters.mode, options),
  });
}

/** Syncs an entity's application, audited. */
export function sync(
  ctx: Pick<GitOpsServices, 'operations'>,
  caller: OperationCaller,
  parameters: SyncRequest,
) {
  let policyOptions: string[] = [];
  return ctx.operations.run(caller, {
    action: 'sync',
    permission: gitopsApplicationSyncPermission,
    parameters,
    precheck: app => {
      refuseWhileRunning(app);
      policyOptions = app.syncPolicy.syncOptions;
    },
    call: (provider, ref, options) => {
      const syncOptions = syncOptionsFor(parameters.syncOptions, policyOptions);
      return provider.sync(
        ref,
        { ...parameters, ...(syncOptions && { syncOptions }) },
        options,
      );
    },
  });
}

/** Rolls an entity's application back to a history entry, audited. */
export function rollback(
  ctx: Pick<GitOpsServices, 'operations'>,
  caller: OperationCaller,
  parameters: RollbackRequest,
) {
  return ctx.operations.run(caller, {
    action: 'rollback',
    permission: gitopsApplicationRollbackPermission,
    parameters,
    precheck: app => {
      refuseWhileRunning(app);
      if (app.syncPolicy.automated) {
        throw new ConflictError(
          `Rollback cannot be initiated when auto-sync is enabled: ${app.name} syncs automatically, so roll it back in Git (a revert pull request: POST .../revert) or turn automated sync off first`,
        );
      }
    },
    call: (provider, ref, options) =>
      provider.rollback(ref, parameters, options),
  });
}
