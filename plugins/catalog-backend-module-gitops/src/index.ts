/**
 * Catalog module of the GitOps plugin suite: environments, clusters and
 * agents as Resource entities, and the environments a component is deployed
 * to. Installing the module registers the entity provider and the processor.
 *
 * @packageDocumentation
 */

export { catalogModuleGitopsEntityProvider as default } from './module';
export { catalogModuleGitopsEntityProvider } from './module';
export { GITOPS_RESOURCE_ANNOTATIONS } from './provider/GitOpsEntityProvider';
