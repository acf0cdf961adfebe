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

/** "dev on nonprod", or "dev" where no cluster is known for it. */
function describeServed(agent: GitOpsAgent): string[] {
  if (agent.serves?.length) {
    return agent.serves.map(({ environment, clusters }) =>
      clusters.length
        ? `${environment} on ${clusters.map(c => c.name).join(' or ')}`
        : environment,
    );
  }
  return agent.environments ?? [];
}

/** "argocd · eu-west-1 · serves dev on nonprod, prod on prod · error" */
function describeAgent(agent: GitOpsAgent): string {
  const served = describeServed(agent);
  return [
    agent.kind,
    agent.region,
    served.length ? `serves ${served.join(', ')}` : 'serves no environment yet',
    agent.status.state === 'connected' ? undefined : agent.status.state,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A scaffolder field: one of the GitOps agents configured in the portal
 * (`/api/gitops/agents`), with its kind, region, state and the environments
 * it serves, each on its clusters (from its config and the fleet state).
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
