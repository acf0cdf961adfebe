export * from './GitOpsApi';
export { GitOpsClient } from './GitOpsClient';
export * from './GitOpsUserIdentityApi';
