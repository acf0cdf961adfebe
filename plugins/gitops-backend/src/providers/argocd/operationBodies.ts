import type {
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import type { ApplicationRef } from '@gitops-suite/plugin-gitops-node';

/** The application's scope fields every operation body carries. */
function scope(ref: ApplicationRef) {
  return {
    ...(ref.namespace && { appNamespace: ref.namespace }),
    ...(ref.project && { project: ref.project }),
  };
}

/**
 * The sync strategy as Argo CD's UI sends it: `apply` when no hook is to
 * run (APPLY ONLY), else `hook`, each with `force`. Argo CD's own JSON
 * inlines SyncStrategyApply into the hook (`hook: {force}`); left out when
 * neither is asked for (Argo CD then syncs with hooks, unforced).
 */
function syncStrategy(request: SyncRequest) {
  if (!request.applyOnly && !request.force) return undefined;
  const apply = { force: Boolean(request.force) };
  return request.applyOnly ? { apply } : { hook: apply };
}

/**
 * Argo CD's `ApplicationSyncRequest` (ApplicationService_Sync) for a sync
 * request: the revision, prune and dry run, the selected resources (group
 * and namespace empty for core and cluster-scoped kinds), sync options, the
 * strategy (force, apply only) and the retry strategy.
 */
export function argoSyncBody(
  ref: ApplicationRef,
  request: SyncRequest,
): Record<string, unknown> {
  const strategy = syncStrategy(request);
  return {
    name: ref.name,
    ...scope(ref),
    ...(request.revision && { revision: request.revision }),
    prune: Boolean(request.prune),
    dryRun: Boolean(request.dryRun),
    ...(request.resources?.length && {
      resources: request.resources.map(r => ({
        group: r.group ?? '',
        kind: r.kind,
        name: r.name,
        namespace: r.namespace ?? '',
      })),
    }),
    // given, even empty, they replace the application's for this sync
    ...(request.syncOptions && {
      syncOptions: { items: request.syncOptions },
    }),
    ...(strategy && { strategy }),
    ...(request.retry && { retryStrategy: request.retry }),
  };
}

/**
 * Argo CD's `ApplicationRollbackRequest` (ApplicationService_Rollback): the
 * history id as a string (an int64 in JSON), prune and dry run.
 */
export function argoRollbackBody(
  ref: ApplicationRef,
  request: RollbackRequest,
): Record<string, unknown> {
  return {
    name: ref.name,
    id: String(request.id),
    dryRun: Boolean(request.dryRun),
    prune: Boolean(request.prune),
    ...scope(ref),
  };
}
