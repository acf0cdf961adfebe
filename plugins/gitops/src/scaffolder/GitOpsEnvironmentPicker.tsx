import { useApi } from '@backstage/core-plugin-api';
import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormGroup from '@material-ui/core/FormGroup';
import FormLabel from '@material-ui/core/FormLabel';
import Alert from '@material-ui/lab/Alert';
import { useEffect, useMemo, useRef } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { GitOpsApi, gitopsApiRef } from '../api';
import {
  EnvironmentChoice,
  environmentChoices,
  environmentsProblem,
  targetEnvironmentProblem,
} from './environmentChoices';
import { EnvironmentFieldset } from './EnvironmentFieldset';
import { TargetEnvironmentPicker } from './TargetEnvironmentPicker';

/**
 * `ui:options` of the environment picker.
 * @public
 */
export interface GitOpsEnvironmentPickerOptions {
  /** The form field holding the entity whose environments change (add-environment). */
  entityField?: string;
  /** The form field naming the environment the template adds. */
  newEnvironmentField?: string;
  /** The boolean form field that confirms removing deployed environments. */
  confirmRemovalField?: string;
}

/** The environments an entity's applications run in today. */
async function currentEnvironments(
  api: GitOpsApi,
  entityRef: unknown,
): Promise<string[] | undefined> {
  if (typeof entityRef !== 'string' || !entityRef) return undefined;
  const response = await api.getEntityApplications(entityRef);
  return response.environments
    .filter(group => group.applications.length > 0)
    .map(group => group.name);
}

function choiceNote(choice: EnvironmentChoice): string {
  if (choice.added) return ' · new';
  return choice.current ? ' · deployed today' : '';
}

const text = (value: unknown) =>
  typeof value === 'string' && value ? value : undefined;

/**
 * A scaffolder field over the environments configured in the portal
 * (`/api/gitops/environments`), in promotion order. For an array field, the
 * environments to deploy, as checkboxes: given an entity (add-environment),
 * it starts from the environments the entity runs in plus the new one, and
 * warns before any of them is dropped. For a string field (promote-release),
 * the one environment to act on, among those the entity runs in.
 */
export function GitOpsEnvironmentPicker(
  props: FieldExtensionComponentProps<
    string[] | string,
    GitOpsEnvironmentPickerOptions
  >,
) {
  return props.schema.type === 'string' ? (
    <SingleEnvironment
      {...(props as FieldExtensionComponentProps<
        string,
        GitOpsEnvironmentPickerOptions
      >)}
    />
  ) : (
    <Environments
      {...(props as FieldExtensionComponentProps<
        string[],
        GitOpsEnvironmentPickerOptions
      >)}
    />
  );
}

/**
 * What both forms of the picker choose from: the configured environments,
 * and those the entity of `ui:options.entityField` runs in today.
 */
function useEnvironmentChoices(props: {
  uiSchema?: { 'ui:options'?: GitOpsEnvironmentPickerOptions };
  formContext?: { formData?: unknown };
}) {
  const options: GitOpsEnvironmentPickerOptions =
    props.uiSchema?.['ui:options'] ?? {};
  const form = (props.formContext?.formData ?? {}) as Record<string, unknown>;
  const entityRef = options.entityField ? form[options.entityField] : undefined;
  const api = useApi(gitopsApiRef);
  const definitions = useAsync(() => api.getEnvironments(), [api]);
  const current = useAsync(
    () => currentEnvironments(api, entityRef),
    [api, entityRef],
  );
  return { options, form, definitions, current };
}

function SingleEnvironment(
  props: FieldExtensionComponentProps<string, GitOpsEnvironmentPickerOptions>,
) {
  const { definitions, current } = useEnvironmentChoices(props);
  return (
    <TargetEnvironmentPicker
      {...props}
      definitions={definitions.value ?? []}
      current={current.value}
      failed={definitions.error ?? current.error}
    />
  );
}

function Environments(
  props: FieldExtensionComponentProps<string[], GitOpsEnvironmentPickerOptions>,
) {
  const { formData, onChange, schema } = props;
  const { options, form, definitions, current } = useEnvironmentChoices(props);
  const added = options.newEnvironmentField
    ? text(form[options.newEnvironmentField])
    : undefined;
  // only what was chosen: the form may start a list with empty entries
  const selected = useMemo(
    () =>
      (formData ?? []).filter(
        (value): value is string => typeof value === 'string' && value !== '',
      ),
    [formData],
  );

  // add-environment starts from what runs today, plus the new environment,
  // whichever of the service and the new environment is named first; a
  // renamed new environment takes the place of the one checked before
  const started = useRef(false);
  const checkedAdded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!current.value) return;
    if (!started.current) {
      started.current = true;
      checkedAdded.current = added;
      if (!selected.length) {
        onChange([...current.value, ...(added ? [added] : [])]);
      }
      return;
    }
    if (added === checkedAdded.current) return;
    const kept = selected.filter(
      name => name !== checkedAdded.current || current.value!.includes(name),
    );
    checkedAdded.current = added;
    onChange(added && !kept.includes(added) ? [...kept, added] : kept);
  }, [current.value, added, selected, onChange]);

  // a template may restrict the choice (to the overlays its skeleton has)
  const allowed = (schema.items as { enum?: unknown[] } | undefined)?.enum;
  const choices = environmentChoices(
    definitions.value ?? [],
    current.value,
    added,
  ).filter(choice => !allowed || allowed.includes(choice.name));
  const removed = (current.value ?? []).filter(
    name => !selected.includes(name),
  );
  const toggle = (name: string, checked: boolean) => {
    const next = checked
      ? [...selected, name]
      : selected.filter(value => value !== name);
    // keep promotion order
    onChange(choices.map(c => c.name).filter(n => next.includes(n)));
  };
  const failed = definitions.error ?? current.error;
  return (
    <EnvironmentFieldset field={props} failed={failed}>
      <FormLabel component="legend">{schema.title ?? 'Environments'}</FormLabel>
      <FormGroup>
        {choices.map(choice => (
          <FormControlLabel
            key={choice.name}
            control={
              <Checkbox
                checked={selected.includes(choice.name)}
                onChange={event => toggle(choice.name, event.target.checked)}
                name={choice.name}
              />
            }
            label={`${choice.label}${choiceNote(choice)}`}
          />
        ))}
      </FormGroup>
      {removed.length > 0 && (
        <Alert severity="warning">
          {removed.join(', ')} {removed.length > 1 ? 'are' : 'is'} deployed
          today and would no longer be: the ApplicationSet stops generating{' '}
          {removed.length > 1 ? 'their Applications' : 'its Application'}, and
          with prune the agent deletes what {removed.length > 1 ? 'they' : 'it'}{' '}
          deployed.
        </Alert>
      )}
    </EnvironmentFieldset>
  );
}

/**
 * At least one environment; for add-environment, the new one checked and
 * every environment deployed today kept unless its removal is confirmed.
 * A single environment must be one the entity runs in, when it names one.
 */
export const validateGitOpsEnvironments: CustomFieldValidator<
  string[] | string,
  GitOpsEnvironmentPickerOptions
> = async (value, validation, context) => {
  const options = context.uiSchema?.['ui:options'] ?? {};
  const form = context.formData as Record<string, unknown>;
  const api = context.apiHolder.get(gitopsApiRef);
  const entityRef = options.entityField ? form[options.entityField] : undefined;
  const current = api ? await currentEnvironments(api, entityRef) : undefined;
  if (!Array.isArray(value)) {
    const single = targetEnvironmentProblem({ selected: value, current });
    if (single) validation.addError(single);
    return;
  }
  const problem = environmentsProblem({
    selected: value,
    current,
    added: options.newEnvironmentField
      ? text(form[options.newEnvironmentField])
      : undefined,
    removalConfirmed: options.confirmRemovalField
      ? form[options.confirmRemovalField] === true
      : false,
  });
  if (problem) validation.addError(problem);
};
