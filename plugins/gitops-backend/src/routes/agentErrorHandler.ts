import type { ErrorRequestHandler } from 'express';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

/**
 * Answers a failed agent call with its status (`GitOpsAgentError.statusCode`,
 * the one table routes and actions share), a Retry-After when the agent gave
 * one, and the agent's credential-free message with its code; other errors
 * go on to Backstage's error handler.
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
  res.status(error.statusCode).json({
    error: {
      name: error.name,
      message: error.message,
      code: error.code,
      agentId: error.agentId,
    },
  });
};
