import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import {
  agentPickerField,
  environmentPickerField,
  repoUrlPickerField,
} from './pickerFields';

/**
 * `ui:field: GitOpsAgentPicker` for the new frontend system's scaffolder:
 * the same field and validation as `GitOpsAgentPickerFieldExtension`.
 */
export const gitopsAgentPickerFormField = createFormField(agentPickerField);

/**
 * `ui:field: GitOpsEnvironmentPicker` for the new frontend system's
 * scaffolder: the same field and validation as
 * `GitOpsEnvironmentPickerFieldExtension`.
 */
export const gitopsEnvironmentPickerFormField = createFormField(
  environmentPickerField,
);

/**
 * `ui:field: GitOpsRepoUrlPicker` for the new frontend system's scaffolder:
 * the same field and validation as `GitOpsRepoUrlPickerFieldExtension`.
 */
export const gitopsRepoUrlPickerFormField = createFormField(repoUrlPickerField);
