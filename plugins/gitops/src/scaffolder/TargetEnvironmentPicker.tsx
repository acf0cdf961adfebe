import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormLabel from '@material-ui/core/FormLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import type { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import { environmentChoices } from './environmentChoices';
import { EnvironmentFieldset } from './EnvironmentFieldset';

/**
 * The one environment a template acts on (a `type: string` field), as radio
 * buttons over the configured environments; given the entity's current
 * environments, only those (its overlays are what the template changes).
 */
export function TargetEnvironmentPicker(
  props: Pick<
    FieldExtensionComponentProps<string>,
    'formData' | 'onChange' | 'schema' | 'rawErrors' | 'required' | 'idSchema'
  > & {
    definitions: EnvironmentDefinition[];
    current?: string[];
    failed?: Error;
  },
) {
  const { formData, onChange, schema, idSchema } = props;
  const { definitions, current, failed } = props;
  const choices = environmentChoices(definitions, current).filter(
    choice => !current || choice.current,
  );
  const id = idSchema?.$id ?? 'gitops-environment';
  return (
    <EnvironmentFieldset field={props} failed={failed}>
      <FormLabel component="legend" id={`${id}-label`}>
        {schema.title ?? 'Environment'}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        name={id}
        value={formData ?? ''}
        onChange={event => onChange(event.target.value)}
      >
        {choices.map(choice => (
          <FormControlLabel
            key={choice.name}
            value={choice.name}
            control={<Radio />}
            label={choice.label}
          />
        ))}
      </RadioGroup>
    </EnvironmentFieldset>
  );
}
