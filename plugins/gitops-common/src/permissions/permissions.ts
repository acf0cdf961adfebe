import { RESOURCE_TYPE_CATALOG_ENTITY } from '@backstage/plugin-catalog-common/alpha';
import {
  createPermission,
  isResourcePermission,
  Permission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';

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
 * Change the sync policy of a catalog entity's GitOps applications: turn
 * automated sync, prune and self-heal on or off (to pause automated sync
 * during an incident, say), with a reason the audit keeps.
 * @public
 */
export const gitopsApplicationSyncPolicyUpdatePermission = createPermission({
  name: 'gitops.application.syncpolicy.update',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Terminate the running operation (a sync or rollback) of a catalog entity's
 * GitOps applications.
 * @public
 */
export const gitopsApplicationTerminatePermission = createPermission({
  name: 'gitops.application.terminate',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Run a resource action (Argo CD's `action` RBAC verb: restart a
 * Deployment, pause or resume it) on a resource of a catalog entity's
 * GitOps applications. Listing the actions needs only read.
 * @public
 */
export const gitopsApplicationResourceActionPermission = createPermission({
  name: 'gitops.application.action',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Change what a catalog entity's GitOps repository deploys through a
 * template: promote a release to an environment, add an environment. The
 * scaffolder checks it for the user who started the task, before the
 * template's first network call.
 * @public
 */
export const gitopsPromotePermission = createPermission({
  name: 'gitops.promote',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Merge a promotion pull request of a catalog entity's GitOps repository
 * from the portal (the merge deploys it). The resource is the entity whose
 * repository it is; merged with the install's GitHub integration, audited.
 * @public
 */
export const gitopsPullRequestMergePermission = createPermission({
  name: 'gitops.pullrequest.merge',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Create, or update (upsert), an ApplicationSet for a catalog entity. The
 * resource is the entity the set is for; updating an existing set needs it
 * on every entity that claims that set, too. For a service that is not in
 * the catalog yet, the resource is the group that will own it.
 * @public
 */
export const gitopsApplicationSetCreatePermission = createPermission({
  name: 'gitops.applicationset.create',
  attributes: { action: 'create' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Delete an ApplicationSet, and with it the applications it generated. The
 * resource is every entity that claims the set (`gitops/applicationset`,
 * or selecting its applications); a set nobody claims needs
 * `gitops.applicationset.admin`.
 * @public
 */
export const gitopsApplicationSetDeletePermission = createPermission({
  name: 'gitops.applicationset.delete',
  attributes: { action: 'delete' },
  resourceType: RESOURCE_TYPE_CATALOG_ENTITY,
});

/**
 * Change an ApplicationSet that no catalog entity claims (no entity names it
 * in `gitops/applicationset`, and none selects the applications it
 * generated): a platform administrator's permission.
 * @public
 */
export const gitopsApplicationSetAdminPermission = createPermission({
  name: 'gitops.applicationset.admin',
  attributes: { action: 'update' },
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
 * The resource type of the trust model's decision: one application a
 * write would deploy or change (its agent, project, destination and source
 * repositories), with what the trust model finds wrong with it for the
 * owners of the entity the write is made for.
 * @public
 */
export const RESOURCE_TYPE_GITOPS_DEPLOY_TARGET = 'gitops-deploy-target';

/**
 * Write to a deploy target: asked once per write (operations, ApplicationSet
 * changes, pull-request merges, template git writes) beside the entity
 * permission. A conditional decision over the gitops backend's
 * `gitops-deploy-target` rules (`IS_OWNER_PROJECT`, `DESTINATION_ALLOWED`,
 * `REPOSITORY_ALLOWED`, `CLAIMS_NO_FOREIGN_ENTITY`, `IS_IN_PROJECT`,
 * `IS_ON_AGENT`) tightens the trust model or grants exceptions; an
 * unconditional allow keeps the trust model's rules; a deny refuses every
 * write.
 * @public
 */
export const gitopsDeployTargetWritePermission = createPermission({
  name: 'gitops.deploytarget.write',
  attributes: { action: 'update' },
  resourceType: RESOURCE_TYPE_GITOPS_DEPLOY_TARGET,
});

/**
 * Every permission of the GitOps plugin suite.
 * @public
 */
export const gitopsPermissions: Permission[] = [
  gitopsApplicationReadPermission,
  gitopsApplicationSyncPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPolicyUpdatePermission,
  gitopsApplicationTerminatePermission,
  gitopsApplicationResourceActionPermission,
  gitopsPromotePermission,
  gitopsPullRequestMergePermission,
  gitopsApplicationSetCreatePermission,
  gitopsApplicationSetDeletePermission,
  gitopsApplicationSetAdminPermission,
  gitopsFleetReadPermission,
  gitopsAuditReadPermission,
  gitopsProxyPermission,
  gitopsDeployTargetWritePermission,
];

/**
 * Every write on a catalog entity's GitOps applications and releases: the
 * permissions whose resource is the entity and whose action is not a read
 * (operations, sync policy, resource actions, promotion, pull-request
 * merges, ApplicationSet changes). The shipped owner policy grants them
 * only to the entity's owners (and ApplicationSet creation for a service
 * not yet in the catalog to the group that will own it).
 * @public
 */
export const gitopsEntityWritePermissions: ResourcePermission<
  typeof RESOURCE_TYPE_CATALOG_ENTITY
>[] = gitopsPermissions.filter(
  (p): p is ResourcePermission<typeof RESOURCE_TYPE_CATALOG_ENTITY> =>
    isResourcePermission(p, RESOURCE_TYPE_CATALOG_ENTITY) &&
    p.attributes.action !== 'read',
);
