export {
  GitOpsAgentPickerFieldExtension,
  GitOpsEnvironmentPickerFieldExtension,
} from './extensions';
export type { GitOpsEnvironmentPickerOptions } from './GitOpsEnvironmentPicker';
export { gitopsFormErrors } from './gitopsFormErrors';
export type { FormValidationError } from './gitopsFormErrors';
