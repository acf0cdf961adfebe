/**
 * The `gitops` backend plugin of the GitOps plugin suite.
 *
 * @packageDocumentation
 */
export { gitopsPlugin as default } from './plugin';
export {
  createGitOpsDeployTargetConditionalDecision,
  defaultDeployTargetCriteria,
  gitopsDeployTargetConditions,
} from './permissions/conditionExports';
export { deployTargetRules } from './permissions/deployTargetRules';
export type {
  GitOpsDeployTarget,
  GitOpsDeployTargetQuery,
} from './permissions/deployTargetResource';
export { deployTargetResourceRef } from './permissions/deployTargetResource';
export type { TrustProblem, TrustRule } from './trust/DeploymentTrust';
