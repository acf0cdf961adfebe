import { RESOURCE_TYPE_CATALOG_ENTITY } from '@backstage/plugin-catalog-common/alpha';
import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Read the GitOps applications of a catalog entity.
 * @public
 */
export const gitopsApplicationReadPermission = createPermission({
  name: 'gitops.application.read',
  attributes: { action: 'read' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Sync a catalog entity's GitOps applications.
 * @public
 */
export const gitopsApplicationSyncPermission = createPermission({
  name: 'gitops.application.sync',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Refresh a catalog entity's GitOps applications.
 * @public
 */
export const gitopsApplicationRefreshPermission = createPermission({
  name: 'gitops.application.refresh',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Roll a catalog entity's GitOps applications back to a history entry.
 * @public
 */
export const gitopsApplicationRollbackPermission = createPermission({
  name: 'gitops.application.rollback',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Create (or upsert) an ApplicationSet on an agent.
 * @public
 */
export const gitopsApplicationSetCreatePermission = createPermission({
  name: 'gitops.applicationset.create',
  attributes: { action: 'create' },
});

/**
 * Read the fleet view: every application of every agent.
 * @public
 */
export const gitopsFleetReadPermission = createPermission({
  name: 'gitops.fleet.read',
  attributes: { action: 'read' },
});

/**
 * Read the audit log of GitOps operations.
 * @public
 */
export const gitopsAuditReadPermission = createPermission({
  name: 'gitops.audit.read',
  attributes: { action: 'read' },
});

/**
 * Call agent APIs through the guarded proxy (read-only).
 * @public
 */
export const gitopsProxyPermission = createPermission({
  name: 'gitops.proxy',
  attributes: { action: 'read' },
});

/**
 * Every permission of the GitOps plugin suite.
 * @public
 */
export const gitopsPermissions = [
  gitopsApplicationReadPermission,
  gitopsApplicationSyncPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSetCreatePermission,
  gitopsFleetReadPermission,
  gitopsAuditReadPermission,
  gitopsProxyPermission,
];
