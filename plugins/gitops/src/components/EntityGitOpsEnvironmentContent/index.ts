export { EntityGitOpsEnvironmentContent } from './EntityGitOpsEnvironmentContent';
export { isGitOpsEnvironment } from './fleetScope';
