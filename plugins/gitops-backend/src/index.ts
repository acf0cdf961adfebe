/**
 * The `gitops` backend plugin of the GitOps plugin suite.
 *
 * @packageDocumentation
 */
export { gitopsPlugin as default } from './plugin';
