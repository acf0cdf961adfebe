export {
  GitOpsAgentPickerFieldExtension,
  GitOpsEnvironmentPickerFieldExtension,
  GitOpsRepoUrlPickerFieldExtension,
} from './extensions';
export type { GitOpsRepoUrlPickerOptions } from './GitOpsRepoUrlPicker';
export type { GitOpsEnvironmentPickerOptions } from './GitOpsEnvironmentPicker';
export { gitopsFormErrors } from './gitopsFormErrors';
export type { FormValidationError } from './gitopsFormErrors';
