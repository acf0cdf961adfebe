import { createPermissionResourceRef } from '@backstage/plugin-permission-node';
import { RESOURCE_TYPE_GITOPS_DEPLOY_TARGET } from '@gitops-suite/plugin-gitops-common';
import type { TrustProblem } from '../trust/DeploymentTrust';

/**
 * One application a write would deploy or change, as the permission rules
 * of `gitops-deploy-target` see it: where it runs and from what, the entity
 * the write is made for and its owners, and every problem the trust model
 * finds for those owners (each naming the rule it breaks).
 * @public
 */
export interface GitOpsDeployTarget {
  agentId: string;
  application: string;
  project: string;
  destination: { server?: string; name?: string; namespace?: string };
  repositories: string[];
  entityRef: string;
  owners: string[];
  problems: TrustProblem[];
}

/**
 * Deploy targets are decided in memory, never queried: a rule's query is
 * its own name and parameters.
 * @public
 */
export interface GitOpsDeployTargetQuery {
  rule: string;
  params?: unknown;
}

/**
 * The `gitops-deploy-target` resource of the gitops plugin.
 * @public
 */
export const deployTargetResourceRef = createPermissionResourceRef<
  GitOpsDeployTarget,
  GitOpsDeployTargetQuery
>().with({
  pluginId: 'gitops',
  resourceType: RESOURCE_TYPE_GITOPS_DEPLOY_TARGET,
});
