import { GitOpsAgentPicker, validateGitOpsAgent } from './GitOpsAgentPicker';
import {
  GitOpsEnvironmentPicker,
  validateGitOpsEnvironments,
} from './GitOpsEnvironmentPicker';
import {
  GitOpsRepoUrlPicker,
  validateGitOpsRepoUrl,
} from './GitOpsRepoUrlPicker';

/*
 * The suite's scaffolder fields, each a `ui:field` name with its component
 * and validation: the legacy field extensions and the new frontend system's
 * form fields are both made from these.
 */

export const agentPickerField = {
  name: 'GitOpsAgentPicker',
  component: GitOpsAgentPicker,
  validation: validateGitOpsAgent,
};

export const environmentPickerField = {
  name: 'GitOpsEnvironmentPicker',
  component: GitOpsEnvironmentPicker,
  validation: validateGitOpsEnvironments,
};

export const repoUrlPickerField = {
  name: 'GitOpsRepoUrlPicker',
  component: GitOpsRepoUrlPicker,
  validation: validateGitOpsRepoUrl,
};
