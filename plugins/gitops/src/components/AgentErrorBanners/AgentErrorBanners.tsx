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
 * returned: results are partial, not wrong.
 */
export function AgentErrorBanners(props: { errors?: AgentError[] }) {
  const { errors = [] } = props;
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
          }; its applications are missing below`}
          message={describe(error)}
        />
      ))}
    </Box>
  );
}
