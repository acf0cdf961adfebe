import type { ErrorRequestHandler } from 'express';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

const STATUS: Record<string, number> = {
  not_found: 404,
  timeout: 504,
  rate_limited: 503,
};

/**
 * Answers a failed agent call with a gateway status (the caller did nothing
 * wrong) and the agent's credential-free message; other errors go on to
 * Backstage's error handler.
 */
export const agentErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof GitOpsAgentError)) {
    next(error);
    return;
  }
  if (error.retryAfterSeconds) {
    res.setHeader('retry-after', String(error.retryAfterSeconds));
  }
  res.status(STATUS[error.code] ?? 502).json({
    error: {
      name: error.name,
      message: error.message,
      code: error.code,
      agentId: error.agentId,
    },
  });
};
