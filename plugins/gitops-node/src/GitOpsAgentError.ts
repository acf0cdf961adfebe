import { CustomErrorBase } from '@backstage/errors';
import type { AgentError, AgentErrorCode } from '@gitops-suite/plugin-gitops-common';

/**
 * An agent call that failed. The message names the agent and what went
 * wrong, and never carries a credential.
 * @public
 */
export class GitOpsAgentError extends CustomErrorBase {
  name = 'GitOpsAgentError' as const;

  constructor(
    readonly agentId: string,
    readonly code: AgentErrorCode,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The error as the API reports it per agent. */
  toAgentError(): AgentError {
    return {
      agentId: this.agentId,
      code: this.code,
      message: this.message,
      ...(this.status !== undefined && { status: this.status }),
      ...(this.retryAfterSeconds !== undefined && {
        retryAfterSeconds: this.retryAfterSeconds,
      }),
    };
  }
}
