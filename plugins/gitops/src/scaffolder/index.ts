export * from './extensions';
export type { GitOpsRepoUrlPickerOptions } from './GitOpsRepoUrlPicker';
export type { GitOpsEnvironmentPickerOptions } from './GitOpsEnvironmentPicker';
export * from './gitopsFormErrors';
