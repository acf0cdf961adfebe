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
 * Argo CD's `ApplicationSyncRequest` (ApplicationService_Sync) for a sync
 * request: the revision, prune and dry run, the selected resources (group
 * and namespace empty for core and cluster-scoped kinds) and sync options.
 */
export function argoSyncBody(
  ref: ApplicationRef,
  request: SyncRequest,
): Record<string, unknown> {
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
    ...(request.syncOptions?.length && {
      syncOptions: { items: request.syncOptions },
    }),
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
