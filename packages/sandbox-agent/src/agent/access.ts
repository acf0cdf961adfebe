import { ApiError, GrpcCode } from '../http/ApiError';
import { AgentStore } from '../state/AgentStore';
import { AppRecord, Caller } from '../state/types';

/**
 * The action words of Argo CD's RBAC; a resource action is
 * `action/<group>/<kind>/<action>` (the token rights treat it as `action`).
 */
export type RbacAction = 'get' | 'create' | 'update' | 'delete' | 'sync' | 'override' | 'action' | `action/${string}`;

export function permissionDenied(caller: Caller, resource: string, action: string, object: string) {
  return new ApiError(
    GrpcCode.PermissionDenied,
    `permission denied: ${resource}, ${action}, ${object}, sub: ${caller.subject}`,
  );
}

/**
 * May the caller do `action` in `project`? A user of an ID token is asked
 * through the RBAC policy, for the resource and object `rbac` names (no
 * object: refused).
 */
export function allowed(
  store: AgentStore,
  caller: Caller,
  project: string | undefined,
  action: RbacAction,
  rbac?: { resource: string; object: string },
) {
  if (caller.rbac) return rbac ? caller.rbac(rbac.resource, action, rbac.object) : false;
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
  if (caller.rbac) {
    const object = store.rbacName(record);
    if (!caller.rbac('applications', action, object)) throw permissionDenied(caller, 'applications', action, object);
    return record;
  }
  const project = record.app.spec?.project || 'default';
  if (!allowed(store, caller, project, action)) {
    throw permissionDenied(caller, 'applications', action, `${project}/${name}`);
  }
  return record;
}
