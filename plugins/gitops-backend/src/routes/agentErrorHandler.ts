import type { ErrorRequestHandler } from 'express';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

/**
 * The status of each agent failure. A refusal the caller can act on keeps a
 * 4xx (an operation already running, a rollback refused while auto-sync is
 * on, an invalid request); only the agent's own failures are gateway errors.
 */
const STATUS: Partial<Record<GitOpsAgentError['code'], number>> = {
  not_found: 404,
  conflict: 409,
  invalid_request: 400,
  timeout: 504,
  rate_limited: 503,
};

function agentStatus(error: GitOpsAgentError): number {
  if (error.code === 'invalid_request' && error.status === 422) return 422;
  return STATUS[error.code] ?? 502;
}

/**
 * Answers a failed agent call with its status from the table above and the
 * agent's credential-free message; other errors go on to Backstage's error
 * handler.
 */
export const agentErrorHandler: ErrorRequestHandler = (
  error,
  _req,
  res,
  next,
) => {
  if (!(error instanceof GitOpsAgentError)) {
    next(error);
    return;
  }
  if (error.retryAfterSeconds) {
    res.setHeader('retry-after', String(error.retryAfterSeconds));
  }
  res.status(agentStatus(error)).json({
    error: {
      name: error.name,
      message: error.message,
      code: error.code,
      agentId: error.agentId,
    },
  });
};
