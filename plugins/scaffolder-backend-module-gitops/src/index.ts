/**
 * Scaffolder actions of the GitOps plugin suite: render and create
 * ApplicationSets, sync applications, promote a release.
 *
 * @packageDocumentation
 */
export { scaffolderModuleGitops as default } from './module';
export { scaffolderModuleGitops } from './module';
export { createRenderApplicationSetAction } from './actions/renderApplicationSet';
export { createPromoteAction } from './actions/promote';
export { createCreateApplicationSetAction } from './actions/createApplicationSet';
export { createSyncApplicationsAction } from './actions/syncApplications';
export { GitOpsBackendClient } from './actions/gitopsApi/GitOpsBackendClient';
