/**
 * Scaffolder actions of the GitOps plugin suite: render and create
 * ApplicationSets, sync applications, promote a release. Installing the
 * module registers them all.
 *
 * @packageDocumentation
 */
export { scaffolderModuleGitops as default } from './module';
export { scaffolderModuleGitops } from './module';
