import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import { gitopsPlugin } from '../plugin';
import {
  agentPickerField,
  environmentPickerField,
  repoUrlPickerField,
} from './pickerFields';

/**
 * The scaffolder field `GitOpsAgentPicker`: one of the configured agents.
 * @public
 */
export const GitOpsAgentPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension(agentPickerField),
);

/**
 * The scaffolder field `GitOpsEnvironmentPicker`: environments to deploy,
 * over the configured ones, guarding the ones deployed today.
 * @public
 */
export const GitOpsEnvironmentPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension(environmentPickerField),
);

/**
 * The scaffolder field `GitOpsRepoUrlPicker`: where a new repository is
 * created (RepoUrlPicker's format), named after another field of the form.
 * @public
 */
export const GitOpsRepoUrlPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension(repoUrlPickerField),
);
