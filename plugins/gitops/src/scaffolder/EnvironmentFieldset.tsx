import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import FormControl from '@material-ui/core/FormControl';
import FormHelperText from '@material-ui/core/FormHelperText';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errorMessage';

/**
 * The frame of an environment picker: a fieldset in error when the form
 * reports one or the environments could not be listed, with the field's
 * description (or why the environments are missing) below its choices.
 */
export function EnvironmentFieldset(props: {
  /** The picker's own field props. */
  field: Pick<
    FieldExtensionComponentProps<unknown>,
    'required' | 'rawErrors' | 'schema'
  >;
  /** Why the environments could not be listed, if they could not. */
  failed?: Error;
  children: ReactNode;
}) {
  const { field, failed, children } = props;
  const { required, rawErrors, schema } = field;
  return (
    <FormControl
      component="fieldset"
      margin="normal"
      required={required}
      error={Boolean(rawErrors?.length) || Boolean(failed)}
    >
      {children}
      <FormHelperText>
        {failed
          ? `The environments could not be listed: ${errorMessage(failed)}`
          : schema.description}
      </FormHelperText>
    </FormControl>
  );
}
