import {
  StatusError,
  StatusOK,
  StatusWarning,
} from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { GitOpsAgentStatus } from '@gitops-suite/plugin-gitops-common';

type Component = NonNullable<GitOpsAgentStatus['components']>[number];

/** What each component Harness reports the health of is, for people. */
const COMPONENT_TITLES: Record<string, string> = {
  harnessGitopsAgent: 'GitOps agent',
  argoAppController: 'Application controller',
  argoRepoServer: 'Repo server',
  argoRedisServer: 'Redis',
  argoAppSetController: 'ApplicationSet controller',
};

/** A component's title (its own name where it has none). */
export function componentTitle(name: string): string {
  return COMPONENT_TITLES[name] ?? name;
}

function ComponentStatus(props: { component: Component }) {
  const { component } = props;
  const label = `${componentTitle(component.name)}${
    component.version ? ` ${component.version}` : ''
  }`;
  if (component.status === 'Healthy') return <StatusOK>{label}</StatusOK>;
  if (component.status === 'Unhealthy') {
    return <StatusError>{label}</StatusError>;
  }
  return <StatusWarning>{label}</StatusWarning>;
}

/**
 * Each component of an agent with its health and version, and the message
 * of one that is not healthy: one list, the same in the fleet's agents
 * table and on the agent's own page.
 */
export function AgentComponentsHealth(props: { components?: Component[] }) {
  const components = props.components ?? [];
  if (!components.length) return <>—</>;
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {components.map(component => (
        <li
          key={component.name}
          aria-label={`${componentTitle(component.name)}: ${component.status}`}
        >
          <ComponentStatus component={component} />
          {component.message && component.status !== 'Healthy' && (
            <Typography variant="caption" component="div" color="textSecondary">
              {component.message}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

/** The agent's release, and whether a newer one is available. */
export function AgentVersion(props: { status: GitOpsAgentStatus }) {
  const { version, upgradeAvailable } = props.status;
  return (
    <>
      {version ?? '—'}
      {upgradeAvailable && (
        <Typography variant="caption" component="div" color="primary">
          upgrade available
        </Typography>
      )}
    </>
  );
}

/** Whether the agent runs highly available; — where the agent does not say. */
export function highAvailabilityText(status: GitOpsAgentStatus): string {
  if (status.highAvailability === undefined) return '—';
  return status.highAvailability ? 'yes' : 'no';
}
