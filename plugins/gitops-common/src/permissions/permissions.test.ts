import { RESOURCE_TYPE_CATALOG_ENTITY } from '@backstage/plugin-catalog-common/alpha';
import {
  isResourcePermission,
  Permission,
} from '@backstage/plugin-permission-common';
import * as permissionsModule from './permissions';
import {
  gitopsApplicationReadPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationResourceActionPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSetAdminPermission,
  gitopsApplicationSetCreatePermission,
  gitopsApplicationSyncPermission,
  gitopsApplicationSyncPolicyUpdatePermission,
  gitopsApplicationTerminatePermission,
  gitopsAuditReadPermission,
  gitopsFleetReadPermission,
  gitopsEntityWritePermissions,
  gitopsPermissions,
  gitopsProxyPermission,
} from './permissions';

describe('gitops permissions', () => {
  it.each<[Permission, string, string, string]>([
    [
      gitopsApplicationReadPermission,
      'gitops.application.read',
      'read',
      'resource',
    ],
    [
      gitopsApplicationSyncPermission,
      'gitops.application.sync',
      'update',
      'resource',
    ],
    [
      gitopsApplicationRefreshPermission,
      'gitops.application.refresh',
      'update',
      'resource',
    ],
    [
      gitopsApplicationRollbackPermission,
      'gitops.application.rollback',
      'update',
      'resource',
    ],
    [
      gitopsApplicationSyncPolicyUpdatePermission,
      'gitops.application.syncpolicy.update',
      'update',
      'resource',
    ],
    [
      gitopsApplicationTerminatePermission,
      'gitops.application.terminate',
      'update',
      'resource',
    ],
    [
      gitopsApplicationResourceActionPermission,
      'gitops.application.action',
      'update',
      'resource',
    ],
    [
      gitopsApplicationSetCreatePermission,
      'gitops.applicationset.create',
      'create',
      'resource',
    ],
    [
      gitopsApplicationSetAdminPermission,
      'gitops.applicationset.admin',
      'update',
      'basic',
    ],
    [gitopsFleetReadPermission, 'gitops.fleet.read', 'read', 'basic'],
    [gitopsAuditReadPermission, 'gitops.audit.read', 'read', 'basic'],
    [gitopsProxyPermission, 'gitops.proxy', 'read', 'basic'],
  ])('%# is %s (%s, %s)', (permission, name, action, type) => {
    expect(permission.name).toBe(name);
    expect(permission.attributes.action).toBe(action);
    expect(permission.type).toBe(type);
    expect(isResourcePermission(permission, RESOURCE_TYPE_CATALOG_ENTITY)).toBe(
      type === 'resource',
    );
  });

  it('lists every permission exactly once', () => {
    const exported = Object.entries(permissionsModule)
      .filter(
        ([key, value]) =>
          !['gitopsPermissions', 'gitopsEntityWritePermissions'].includes(
            key,
          ) && typeof value === 'object',
      )
      .map(([, value]) => value);
    expect(gitopsPermissions).toHaveLength(exported.length);
    expect(new Set(gitopsPermissions)).toEqual(new Set(exported));
  });

  it('has unique names, all in the gitops namespace', () => {
    const names = gitopsPermissions.map(p => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^gitops(\.[a-z]+)+$/);
    }
  });

  it('scopes entity-bound permissions to catalog entities, and the trust decision to deploy targets', () => {
    const resourceTypes = gitopsPermissions
      .filter(p => isResourcePermission(p))
      .map(p => (p as { resourceType: string }).resourceType);
    expect(resourceTypes).toEqual([
      ...Array(11).fill('catalog-entity'),
      'gitops-deploy-target',
    ]);
  });

  it('names the writes on an entity: every entity-scoped permission but the read', () => {
    expect(gitopsEntityWritePermissions.map(p => p.name)).toEqual([
      'gitops.application.sync',
      'gitops.application.refresh',
      'gitops.application.rollback',
      'gitops.application.syncpolicy.update',
      'gitops.application.terminate',
      'gitops.application.action',
      'gitops.promote',
      'gitops.pullrequest.merge',
      'gitops.applicationset.create',
      'gitops.applicationset.delete',
    ]);
  });
});
