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
  gitopsApplicationRefreshPermission,
  gitopsApplicationResourceActionPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSetAdminPermission,
  gitopsApplicationSetCreatePermission,
  gitopsApplicationSetDeletePermission,
  gitopsApplicationSyncPermission,
  gitopsApplicationTerminatePermission,
  gitopsPromotePermission,
  gitopsPullRequestMergePermission,
} from '@gitops-suite/plugin-gitops-common';

type Condition = PermissionCondition<'catalog-entity'>;

const ownerOnly = [
  gitopsApplicationSyncPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationTerminatePermission,
  gitopsApplicationResourceActionPermission,
  gitopsPromotePermission,
  gitopsPullRequestMergePermission,
  gitopsApplicationSetDeletePermission,
];

/**
 * The shipped policy: everyone may read; only an entity's owners may
 * refresh, sync or roll back its GitOps applications, terminate their
 * running operations, run resource actions on them, promote its
 * releases through a template, merge its promotion pull requests, or create, update and delete
 * its ApplicationSets. A service that is not in the catalog yet is named by
 * the group (or user) that will own it: its members may create its
 * ApplicationSet.
 * An ApplicationSet no entity claims may be changed only by the users and
 * groups listed in `permission.admins`.
 */
export class OwnerPermissionPolicy implements PermissionPolicy {
  constructor(private readonly admins: readonly string[] = []) {}

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const { permission } = request;
    const claims = user?.info.ownershipEntityRefs ?? [];
    if (isPermission(permission, gitopsApplicationSetAdminPermission)) {
      return {
        result: claims.some(ref => this.admins.includes(ref))
          ? AuthorizeResult.ALLOW
          : AuthorizeResult.DENY,
      };
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
