import { AgentError } from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

/** Turns any failure of one agent's call into that agent's error entry. */
export function toAgentError(agentId: string, error: unknown): AgentError {
  if (error instanceof GitOpsAgentError) return error.toAgentError();
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return {
      agentId,
      code: 'timeout',
      message: `Agent ${agentId} did not answer in time`,
    };
  }
  return {
    agentId,
    code: 'upstream_error',
    message: `Agent ${agentId} failed: ${(error as Error)?.message ?? error}`,
  };
}
