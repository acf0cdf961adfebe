import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';

/** The scaffolder field `GitOpsAgentPicker`: one of the configured agents. */
export const gitopsAgentPickerField = FormFieldBlueprint.make({
  name: 'agent-picker',
  params: {
    field: () =>
      import('../scaffolder/formFields').then(
        m => m.gitopsAgentPickerFormField,
      ),
  },
});

/**
 * The scaffolder field `GitOpsEnvironmentPicker`: the environments to deploy
 * to, over the configured ones, guarding those deployed today.
 */
export const gitopsEnvironmentPickerField = FormFieldBlueprint.make({
  name: 'environment-picker',
  params: {
    field: () =>
      import('../scaffolder/formFields').then(
        m => m.gitopsEnvironmentPickerFormField,
      ),
  },
});

/**
 * The scaffolder field `GitOpsRepoUrlPicker`: where a new repository is
 * created, named after another field of the form.
 */
export const gitopsRepoUrlPickerField = FormFieldBlueprint.make({
  name: 'repo-url-picker',
  params: {
    field: () =>
      import('../scaffolder/formFields').then(
        m => m.gitopsRepoUrlPickerFormField,
      ),
  },
});
