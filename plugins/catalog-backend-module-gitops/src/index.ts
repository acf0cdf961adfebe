/**
 * Catalog module of the GitOps plugin suite: environments, clusters and
 * agents as Resource entities, and the environments a component is deployed
 * to.
 *
 * @packageDocumentation
 */

export { catalogModuleGitopsEntityProvider as default } from './module';
export { catalogModuleGitopsEntityProvider } from './module';
export {
  GitOpsEntityProvider,
  GITOPS_ENTITY_PROVIDER_NAME,
  GITOPS_RESOURCE_ANNOTATIONS,
  DEFAULT_GITOPS_OWNER,
} from './provider/GitOpsEntityProvider';
export { toEntityName } from './provider/entityNames';
export { GitOpsEnvironmentProcessor } from './processor/GitOpsEnvironmentProcessor';
export { GitOpsHttpReader } from './api/GitOpsHttpReader';
export type {
  GitOpsApiReader,
  GitOpsAgentItem,
  GitOpsEnvironmentItem,
  GitOpsListResponse,
} from './api/GitOpsApiReader';
