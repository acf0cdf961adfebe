import {
  AuthorizeResult,
  isPermission,
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
import {
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
} from '@gitops-suite/plugin-gitops-common';

const ownerOnly = [
  gitopsApplicationSyncPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationRefreshPermission,
];

/**
 * An example policy: everyone may read; only an entity's owners may refresh,
 * sync or roll back its GitOps applications.
 */
export class OwnerPermissionPolicy implements PermissionPolicy {
  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const guarded = ownerOnly.find(p => isPermission(request.permission, p));
    if (!guarded) {
      return { result: AuthorizeResult.ALLOW };
    }
    if (!user) {
      return { result: AuthorizeResult.DENY };
    }
    return createCatalogConditionalDecision(
      guarded,
      catalogConditions.isEntityOwner({
        claims: user.info.ownershipEntityRefs ?? [],
      }),
    );
  }
}
