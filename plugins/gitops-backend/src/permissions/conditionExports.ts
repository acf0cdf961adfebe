import {
  PermissionCondition,
  PermissionCriteria,
} from '@backstage/plugin-permission-common';
import { RESOURCE_TYPE_GITOPS_DEPLOY_TARGET } from '@gitops-suite/plugin-gitops-common';
import { createConditionExports } from '@backstage/plugin-permission-node';
import { deployTargetResourceRef } from './deployTargetResource';
import { deployTargetRules } from './deployTargetRules';

const exported = createConditionExports({
  resourceRef: deployTargetResourceRef,
  rules: deployTargetRules,
});

/**
 * Conditions over deploy targets, for permission policies:
 * `gitopsDeployTargetConditions.isInProject({ projects: ['shared'] })`.
 * @public
 */
export const gitopsDeployTargetConditions = exported.conditions;

/**
 * A conditional decision on `gitops.deploytarget.write`.
 * @public
 */
export const createGitOpsDeployTargetConditionalDecision =
  exported.createConditionalDecision;

/**
 * The trust model as conditions: the application's project is its owners',
 * its destination and repositories are ones it may use, and it claims no
 * other team's entity. The shipped policy answers this; an unconditional
 * allow means the same.
 * @public
 */
export function defaultDeployTargetCriteria(): PermissionCriteria<
  PermissionCondition<typeof RESOURCE_TYPE_GITOPS_DEPLOY_TARGET>
> {
  const { conditions } = exported;
  return {
    allOf: [
      conditions.isOwnerProject(),
      conditions.destinationAllowed(),
      conditions.repositoryAllowed(),
      conditions.claimsNoForeignEntity(),
    ],
  };
}
