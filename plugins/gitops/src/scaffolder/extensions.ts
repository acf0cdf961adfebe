import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import { gitopsPlugin } from '../plugin';
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
 * The scaffolder field `GitOpsAgentPicker`: one of the configured agents.
 * @public
 */
export const GitOpsAgentPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension({
    name: 'GitOpsAgentPicker',
    component: GitOpsAgentPicker,
    validation: validateGitOpsAgent,
  }),
);

/**
 * The scaffolder field `GitOpsEnvironmentPicker`: environments to deploy,
 * over the configured ones, guarding the ones deployed today.
 * @public
 */
export const GitOpsEnvironmentPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension({
    name: 'GitOpsEnvironmentPicker',
    component: GitOpsEnvironmentPicker,
    validation: validateGitOpsEnvironments,
  }),
);

/**
 * The scaffolder field `GitOpsRepoUrlPicker`: where a new repository is
 * created (RepoUrlPicker's format), named after another field of the form.
 * @public
 */
export const GitOpsRepoUrlPickerFieldExtension = gitopsPlugin.provide(
  createScaffolderFieldExtension({
    name: 'GitOpsRepoUrlPicker',
    component: GitOpsRepoUrlPicker,
    validation: validateGitOpsRepoUrl,
  }),
);
