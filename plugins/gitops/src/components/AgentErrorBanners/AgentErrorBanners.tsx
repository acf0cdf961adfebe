import { WarningPanel } from '@backstage/core-components';
import type { AgentError } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';

const CODE_TITLES: Record<AgentError['code'], string> = {
  unauthorized: 'rejected the portal credentials',
  forbidden: 'refused access',
  not_found: 'did not find what was asked',
  timeout: 'did not answer in time',
  unreachable: 'is unreachable',
  rate_limited: 'is rate limiting the portal',
  malformed_response: 'answered with something unreadable',
  upstream_error: 'failed',
  conflict: 'refused a conflicting request',
  invalid_request: 'refused the request as invalid',
};

function describe(error: AgentError): string {
  const retry = error.retryAfterSeconds
    ? ` Retry after ${error.retryAfterSeconds} s.`
    : '';
  const status = error.status ? ` (HTTP ${error.status})` : '';
  return `${error.message}${status}.${retry}`;
}

/**
 * One warning per agent that failed, shown above whatever the other agents
 * returned: results are partial, not wrong. An agent whose applications are
 * shown from their last known state says so instead of calling them missing.
 */
export function AgentErrorBanners(props: {
  errors?: AgentError[];
  /** Agents whose applications below are shown from their last known state. */
  shownFromLastState?: string[];
}) {
  const { errors = [], shownFromLastState = [] } = props;
  if (errors.length === 0) {
    return null;
  }
  return (
    <Box display="flex" flexDirection="column" style={{ gap: 8 }} mb={2}>
      {errors.map(error => (
        <WarningPanel
          key={`${error.agentId}:${error.code}`}
          severity="warning"
          title={`Agent ${error.agentId} ${
            CODE_TITLES[error.code] ?? 'failed'
          }; ${
            shownFromLastState.includes(error.agentId)
              ? 'its applications below show their last known state'
              : 'its applications are missing below'
          }`}
          message={describe(error)}
        />
      ))}
    </Box>
  );
}
