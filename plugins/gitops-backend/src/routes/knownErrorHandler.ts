import type { ErrorRequestHandler } from 'express';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  knownError,
} from '../service/knownErrors';

/**
 * Answers a failed agent call with its status (`GitOpsAgentError.statusCode`,
 * the one table routes and actions share), a Retry-After when the agent gave
 * one, and the agent's credential-free message with its code. Any other
 * error goes on to Backstage's error handler as `knownError` makes it: a
 * database that is away answers 503 with a Retry-After, as every 503 here.
 */
export const knownErrorHandler: ErrorRequestHandler = (
  error,
  _req,
  res,
  next,
) => {
  if (!(error instanceof GitOpsAgentError)) {
    const known = knownError(error) as Error;
    if (known?.name === 'ServiceUnavailableError' && !res.headersSent) {
      res.setHeader('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    next(known);
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
