import {
  AuthorizeResult,
  isPermission,
  PermissionCondition,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import {
  catalogConditions,
  createCatalogConditionalDecision,
} from '@backstage/plugin-catalog-backend/alpha';
import { parseEntityRef } from '@backstage/catalog-model';
import {
  catalogEntityDeletePermission,
  catalogLocationDeletePermission,
} from '@backstage/plugin-catalog-common/alpha';
import {
  gitopsApplicationSetAdminPermission,
  gitopsApplicationSetCreatePermission,
  gitopsDeployTargetWritePermission,
  gitopsEntityWritePermissions,
} from '@gitops-suite/plugin-gitops-common';

import {
  createGitOpsDeployTargetConditionalDecision,
  defaultDeployTargetCriteria,
} from '@gitops-suite/plugin-gitops-backend';

type Condition = PermissionCondition<'catalog-entity'>;

/** The entity writes; ApplicationSet creation is decided apart (below). */
const ownerOnly = gitopsEntityWritePermissions.filter(
  p => !isPermission(p, gitopsApplicationSetCreatePermission),
);

/**
 * The shipped policy: everyone may read; only an entity's owners may
 * refresh, sync or roll back its GitOps applications, change their sync
 * policy (automated sync, prune, self-heal), terminate their
 * running operations, run resource actions on them, promote its
 * releases through a template, merge its promotion pull requests, or create, update and delete
 * its ApplicationSets. A service that is not in the catalog yet is named by
 * the group (or user) that will own it: its members may create its
 * ApplicationSet.
 * An ApplicationSet no entity claims may be changed only by the users and
 * groups listed in `permission.admins`.
 *
 * Every write also asks `gitops.deploytarget.write`: the policy answers
 * the trust model as conditions (the application's project, destination and
 * repositories are its entity owners', and it claims no other team's
 * entity). An organization tightens it or grants exceptions here, for
 * example `anyOf: [defaultDeployTargetCriteria(),
 * gitopsDeployTargetConditions.isInProject({ projects: ['shared'] })]`.
 *
 * The catalog is kept as the GitOps decisions read it: an entity may be
 * deleted (`catalog.entity.delete`) only by its owners, and a location
 * unregistered (`catalog.location.delete`, which removes every entity it
 * brought, whoever owns them) only by the administrators in
 * `permission.admins`; administrators may delete any entity too. Entity
 * owners who want a location gone ask the platform team, as they would
 * for a repository's catalog-info.yaml that others' entities depend on.
 */
export class OwnerPermissionPolicy implements PermissionPolicy {
  constructor(private readonly admins: readonly string[] = []) {}

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const { permission } = request;
    const claims = user?.info.ownershipEntityRefs ?? [];
    const admin = claims.some(ref => this.admins.includes(ref));
    if (
      isPermission(permission, gitopsApplicationSetAdminPermission) ||
      isPermission(permission, catalogLocationDeletePermission)
    ) {
      return {
        result: admin ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
      };
    }
    if (isPermission(permission, gitopsDeployTargetWritePermission)) {
      return createGitOpsDeployTargetConditionalDecision(
        permission,
        defaultDeployTargetCriteria(),
      );
    }
    if (isPermission(permission, catalogEntityDeletePermission)) {
      if (!user) return { result: AuthorizeResult.DENY };
      if (admin) return { result: AuthorizeResult.ALLOW };
      return createCatalogConditionalDecision(
        permission,
        catalogConditions.isEntityOwner({ claims }),
      );
    }
    if (isPermission(permission, gitopsApplicationSetCreatePermission)) {
      if (!user) return { result: AuthorizeResult.DENY };
      return createCatalogConditionalDecision(permission, {
        anyOf: [
          catalogConditions.isEntityOwner({ claims }),
          // the caller's own user or group entity, for a new service
          ...claims
            .map(claim => parseEntityRef(claim))
            .map(ref => ({
              allOf: [
                catalogConditions.isEntityKind({
                  kinds: [ref.kind],
                }) as Condition,
                catalogConditions.hasMetadata({
                  key: 'namespace',
                  value: ref.namespace,
                }),
                catalogConditions.hasMetadata({ key: 'name', value: ref.name }),
              ] as [Condition, ...Condition[]],
            })),
        ],
      });
    }
    const guarded = ownerOnly.find(p => isPermission(permission, p));
    if (!guarded) {
      return { result: AuthorizeResult.ALLOW };
    }
    if (!user) {
      return { result: AuthorizeResult.DENY };
    }
    return createCatalogConditionalDecision(
      guarded,
      catalogConditions.isEntityOwner({ claims }),
    );
  }
}
