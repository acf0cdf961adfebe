import type {
  GitOpsApplication,
  HistoryEntry,
  OperationState,
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';

/** Who an operation is recorded as started by (Argo CD: `admin` for the shared credential). */
function initiator(user: { entityRef: string } | undefined): string {
  return user?.entityRef ?? 'admin';
}

/** Whether an operation is still running on the application. */
export function operationRunning(app: GitOpsApplication): boolean {
  return (
    app.operation?.phase === 'Running' || app.operation?.phase === 'Terminating'
  );
}

/** The next history id (Argo CD numbers deployments from 0, one up each). */
function nextHistoryId(app: GitOpsApplication): number {
  return app.history.reduce((max, entry) => Math.max(max, entry.id + 1), 0);
}

/**
 * The application after a finished sync at `revision`: the operation
 * Succeeded, a new history entry (newest first, as the model keeps them),
 * and Synced at that revision, unless it was a dry run, which applies
 * nothing and only records the operation.
 */
export function syncedApplication(
  app: GitOpsApplication,
  request: SyncRequest,
  now: string,
  user: { entityRef: string } | undefined,
): GitOpsApplication {
  const revision =
    request?.revision ??
    app.sync.revision ??
    app.sources[0]?.targetRevision ??
    'HEAD';
  const operation: OperationState = {
    phase: 'Succeeded',
    message: request?.dryRun
      ? 'successfully synced (dry run)'
      : 'successfully synced (all tasks run)',
    startedAt: now,
    finishedAt: now,
    revision,
    initiatedBy: initiator(user),
    ...(request?.dryRun && { dryRun: true }),
    ...(request?.syncOptions?.length && { syncOptions: request.syncOptions }),
    ...(request?.force && { force: true }),
    ...(request?.applyOnly && { applyOnly: true }),
    ...(request?.retry && { retry: request.retry }),
  };
  if (request?.dryRun) return { ...app, operation };
  const entry: HistoryEntry = {
    id: nextHistoryId(app),
    revision,
    deployStartedAt: now,
    deployedAt: now,
    sources: app.sources,
    initiatedBy: initiator(user),
  };
  return {
    ...app,
    operation,
    history: [entry, ...app.history],
    sync: { ...app.sync, status: 'Synced', revision, comparedAt: now },
    reconciledAt: now,
    lastSyncedAt: now,
  };
}

/**
 * Why Argo CD refuses a rollback of this application, if it does: while
 * automated sync is on (it would sync straight back), or to a deployment
 * its history does not hold.
 */
export function rollbackRefusal(
  app: GitOpsApplication,
  request: RollbackRequest,
): { conflict: boolean; message: string } | undefined {
  if (app.syncPolicy.automated) {
    return {
      conflict: true,
      message: 'rollback cannot be initiated when auto-sync is enabled',
    };
  }
  if (!app.history.some(entry => entry.id === request.id)) {
    return {
      conflict: false,
      message: `application ${app.name} does not have deployment with id ${request.id}`,
    };
  }
  return undefined;
}

/**
 * The application after a finished rollback to history entry `request.id`
 * (checked by {@link rollbackRefusal}): it runs that entry's revision, as a
 * new history entry; it stays compared against its target, so it is
 * OutOfSync unless the target is that revision.
 */
export function rolledBackApplication(
  app: GitOpsApplication,
  request: RollbackRequest,
  now: string,
  user: { entityRef: string } | undefined,
): GitOpsApplication {
  const target = app.history.find(entry => entry.id === request.id)!;
  const operation: OperationState = {
    phase: 'Succeeded',
    message: request.dryRun
      ? 'successfully synced (dry run)'
      : 'successfully synced (all tasks run)',
    startedAt: now,
    finishedAt: now,
    ...(target.revision && { revision: target.revision }),
    initiatedBy: initiator(user),
    ...(request.dryRun && { dryRun: true }),
  };
  if (request.dryRun) return { ...app, operation };
  const entry: HistoryEntry = {
    ...target,
    id: nextHistoryId(app),
    deployStartedAt: now,
    deployedAt: now,
    initiatedBy: initiator(user),
  };
  const current =
    app.sync.revision === undefined || app.sync.revision === target.revision;
  return {
    ...app,
    operation,
    history: [entry, ...app.history],
    sync: {
      ...app.sync,
      status: current ? 'Synced' : 'OutOfSync',
      comparedAt: now,
    },
    reconciledAt: now,
    lastSyncedAt: now,
  };
}

/**
 * The application as a lean read gives it (Argo CD's `fields`): no
 * history, no reconciliation time, and of the operation only its phase,
 * times and revisions.
 */
export function leanApplication(app: GitOpsApplication): GitOpsApplication {
  const {
    history: _history,
    reconciledAt: _reconciledAt,
    operation,
    ...rest
  } = app;
  return {
    ...rest,
    history: [],
    ...(operation && {
      operation: {
        phase: operation.phase,
        ...(operation.startedAt && { startedAt: operation.startedAt }),
        ...(operation.finishedAt && { finishedAt: operation.finishedAt }),
        ...(operation.revision && { revision: operation.revision }),
        ...(operation.revisions && { revisions: operation.revisions }),
      },
    }),
  };
}
