import { CustomErrorBase } from '@backstage/errors';
import type {
  AgentError,
  AgentErrorCode,
} from '@gitops-suite/plugin-gitops-common';

/** The status of each agent failure code; every other code is a 502. */
const AGENT_ERROR_STATUS: Partial<Record<AgentErrorCode, number>> = {
  not_found: 404,
  conflict: 409,
  invalid_request: 400,
  timeout: 504,
  rate_limited: 503,
};

/**
 * An agent call that failed. The message names the agent and what went
 * wrong, and never carries a credential.
 * @public
 */
export class GitOpsAgentError extends CustomErrorBase {
  name = 'GitOpsAgentError' as const;

  /**
   * The HTTP status the suite answers this failure with, wherever it
   * surfaces (a route, an action, through Backstage's error handler, which
   * reads `statusCode` first). A refusal the caller can act on keeps a 4xx
   * (an operation already running, a rollback refused while auto-sync is
   * on, an invalid request); the agent's own failures are gateway errors:
   * 504 on a timeout, 503 when it asks to retry later, else 502. The
   * agent's own status is `status`.
   */
  get statusCode(): number {
    if (this.code === 'invalid_request' && this.status === 422) return 422;
    return AGENT_ERROR_STATUS[this.code] ?? 502;
  }

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
