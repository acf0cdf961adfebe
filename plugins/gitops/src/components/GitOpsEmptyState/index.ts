export { MissingGitOpsAnnotation } from './MissingGitOpsAnnotation';
export { NoMatchingApplications } from './NoMatchingApplications';
