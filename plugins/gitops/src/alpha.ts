/**
 * The GitOps plugin for Backstage's new frontend system.
 *
 * @packageDocumentation
 */

export { default } from './alpha/plugin';
export { gitOpsUserIdentityApiRef } from './api';
export type { GitOpsUserIdentityApi } from './api';
