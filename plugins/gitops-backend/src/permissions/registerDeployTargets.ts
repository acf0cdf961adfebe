import { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import { PolicyDecision } from '@backstage/plugin-permission-common';
import { createConditionAuthorizer } from '@backstage/plugin-permission-node';
import {
  deployTargetResourceRef,
  GitOpsDeployTarget,
} from './deployTargetResource';
import { deployTargetRules } from './deployTargetRules';

/** Whether a policy's decision on `gitops.deploytarget.write` allows one target. */
export type DeployTargetAuthorizer = (
  decision: PolicyDecision,
  target: GitOpsDeployTarget,
) => boolean;

/**
 * Registers the `gitops-deploy-target` resource type and its rules with
 * the permission framework (so that policies see them, and the permission
 * backend lists them), and answers how a decision applies to a target.
 */
export function registerDeployTargets(
  registry: PermissionsRegistryService,
): DeployTargetAuthorizer {
  registry.addResourceType({
    resourceRef: deployTargetResourceRef,
    rules: Object.values(deployTargetRules),
  });
  return createConditionAuthorizer(
    registry.getPermissionRuleset(deployTargetResourceRef),
  );
}
