import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import { GitOpsAgentPicker, validateGitOpsAgent } from './GitOpsAgentPicker';
import {
  GitOpsEnvironmentPicker,
  validateGitOpsEnvironments,
} from './GitOpsEnvironmentPicker';
import {
  GitOpsRepoUrlPicker,
  validateGitOpsRepoUrl,
} from './GitOpsRepoUrlPicker';

/**
 * `ui:field: GitOpsAgentPicker` for the new frontend system's scaffolder:
 * the same field and validation as `GitOpsAgentPickerFieldExtension`.
 */
export const gitopsAgentPickerFormField = createFormField({
  name: 'GitOpsAgentPicker',
  component: GitOpsAgentPicker,
  validation: validateGitOpsAgent,
});

/**
 * `ui:field: GitOpsEnvironmentPicker` for the new frontend system's
 * scaffolder: the same field and validation as
 * `GitOpsEnvironmentPickerFieldExtension`.
 */
export const gitopsEnvironmentPickerFormField = createFormField({
  name: 'GitOpsEnvironmentPicker',
  component: GitOpsEnvironmentPicker,
  validation: validateGitOpsEnvironments,
});

/**
 * `ui:field: GitOpsRepoUrlPicker` for the new frontend system's scaffolder:
 * the same field and validation as `GitOpsRepoUrlPickerFieldExtension`.
 */
export const gitopsRepoUrlPickerFormField = createFormField({
  name: 'GitOpsRepoUrlPicker',
  component: GitOpsRepoUrlPicker,
  validation: validateGitOpsRepoUrl,
});
