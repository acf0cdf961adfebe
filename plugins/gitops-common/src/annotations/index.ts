export * from './annotations';
export * from './labels';
export { stripHarnessScope } from './stripHarnessScope';
export type { GitOpsEntityQuery } from './GitOpsEntityQuery';
export {
  GITOPS_ENABLING_ANNOTATIONS,
  getGitOpsEntityQuery,
  isGitOpsAvailable,
} from './getGitOpsEntityQuery';
export {
  applicationMatchesQuery,
  createApplicationMatcher,
} from './applicationMatchesQuery';
export type { QueryableApplication } from './applicationMatchesQuery';
export {
  applicationQueryTerms,
  entityQueryTerms,
  serviceLabelSelectors,
} from './applicationQueryTerms';
export type { EntityQueryTerms } from './applicationQueryTerms';
