export { EntityGitOpsContent } from './EntityGitOpsContent';
export type { EntityGitOpsContentProps } from './EntityGitOpsContent';
