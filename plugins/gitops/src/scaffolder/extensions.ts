import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import { gitopsPlugin } from '../plugin';
import { GitOpsAgentPicker, validateGitOpsAgent } from './GitOpsAgentPicker';
import {
  GitOpsEnvironmentPicker,
  validateGitOpsEnvironments,
} from './GitOpsEnvironmentPicker';

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
