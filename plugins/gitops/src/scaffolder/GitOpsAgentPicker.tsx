import { useApi } from '@backstage/core-plugin-api';
import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import FormControl from '@material-ui/core/FormControl';
import FormHelperText from '@material-ui/core/FormHelperText';
import InputLabel from '@material-ui/core/InputLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Select from '@material-ui/core/Select';
import useAsync from 'react-use/esm/useAsync';
import { GitOpsAgent, gitopsApiRef } from '../api';
import { errorMessage } from '../lib/errorMessage';

/** "argocd · eu-west-1 · serves dev, qa · error" */
function describeAgent(agent: GitOpsAgent): string {
  return [
    agent.kind,
    agent.region,
    agent.environments?.length
      ? `serves ${agent.environments.join(', ')}`
      : undefined,
    agent.status.state === 'connected' ? undefined : agent.status.state,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A scaffolder field: one of the GitOps agents configured in the portal
 * (`/api/gitops/agents`), with its kind, region, environments and state.
 */
export function GitOpsAgentPicker(props: FieldExtensionComponentProps<string>) {
  const { formData, onChange, schema, required, rawErrors, idSchema } = props;
  const api = useApi(gitopsApiRef);
  const agents = useAsync(() => api.getAgents(), [api]);
  const id = idSchema?.$id ?? 'gitops-agent';
  const items = agents.value?.items ?? [];
  const hasError = Boolean(rawErrors?.length) || Boolean(agents.error);
  const help = agents.error
    ? `The agents could not be listed: ${errorMessage(agents.error)}`
    : schema.description ??
      'The agent that creates the ApplicationSet and deploys the service';
  return (
    <FormControl
      fullWidth
      margin="normal"
      required={required}
      error={hasError}
      disabled={agents.loading}
    >
      <InputLabel id={`${id}-label`}>
        {schema.title ?? 'GitOps agent'}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        value={formData ?? ''}
        onChange={event => onChange(event.target.value as string)}
        inputProps={{ 'aria-describedby': `${id}-help` }}
      >
        {items.map(agent => (
          <MenuItem key={agent.id} value={agent.id}>
            {agent.title ?? agent.id}
            <span style={{ opacity: 0.7, marginLeft: 8 }}>
              {describeAgent(agent)}
            </span>
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={`${id}-help`}>
        {agents.loading ? 'Loading the configured agents…' : help}
      </FormHelperText>
    </FormControl>
  );
}

/** The picked agent must be one the portal is configured with. */
export const validateGitOpsAgent: CustomFieldValidator<string> = async (
  value,
  validation,
  context,
) => {
  if (!value) return;
  const api = context.apiHolder.get(gitopsApiRef);
  if (!api) return;
  const { items } = await api.getAgents();
  if (!items.some(agent => agent.id === value)) {
    validation.addError(
      `${value} is not a configured GitOps agent; pick one of ${items
        .map(agent => agent.id)
        .join(', ')}`,
    );
  }
};
