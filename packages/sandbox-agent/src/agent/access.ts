import { ApiError, GrpcCode } from '../http/ApiError';
import { AgentStore } from '../state/AgentStore';
import { AppRecord, Caller } from '../state/types';

/** The action words of Argo CD's RBAC. */
export type RbacAction = 'get' | 'create' | 'update' | 'delete' | 'sync' | 'override' | 'action';

export function permissionDenied(caller: Caller, resource: string, action: string, object: string) {
  return new ApiError(
    GrpcCode.PermissionDenied,
    `permission denied: ${resource}, ${action}, ${object}, sub: ${caller.subject}`,
  );
}

/** May the caller do `action` in `project`? */
export function allowed(store: AgentStore, caller: Caller, project: string | undefined, action: RbacAction) {
  if (!store.canSee(caller, project)) return false;
  return action === 'get' || !caller.readOnly;
}

/** The app, or Argo CD's 404 / 403. */
export function requireApp(
  store: AgentStore,
  caller: Caller,
  name: string,
  appNamespace: string | undefined | null,
  action: RbacAction = 'get',
): AppRecord {
  const record = store.findApp(name, appNamespace ?? undefined);
  if (!record) {
    throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${name}" not found`);
  }
  const project = record.app.spec?.project || 'default';
  if (!allowed(store, caller, project, action)) {
    throw permissionDenied(caller, 'applications', action, `${project}/${name}`);
  }
  return record;
}
