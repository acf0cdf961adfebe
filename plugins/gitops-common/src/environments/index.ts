export { matchesEnvironmentMatcher } from './matchesEnvironmentMatcher';
export type { EnvironmentTarget } from './matchesEnvironmentMatcher';
export {
  configuredEnvironmentName,
  resolveEnvironment,
} from './resolveEnvironment';
export { sortEnvironments, environmentTitle } from './sortEnvironments';
export { groupByEnvironment } from './groupByEnvironment';
export {
  isPreviewEnvironment,
  splitPreviewEnvironments,
} from './previewEnvironments';
export { environmentLabel } from './environmentLabel';
export type { EnvironmentLabelParts } from './environmentLabel';
