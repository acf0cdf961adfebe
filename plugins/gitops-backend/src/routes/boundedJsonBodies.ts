import type { RequestHandler } from 'express';
import { InputError } from '@backstage/errors';
import { jsonBoundsProblem } from '@gitops-suite/plugin-gitops-common';

/**
 * Refuses (400) a parsed JSON body that nests deeper or weighs more than
 * the suite's bounds allow, naming the limit, before the spec validator or
 * any route walks it: a body 5,000 levels deep is the caller's error, not a
 * stack overflow.
 */
export function boundedJsonBodies(): RequestHandler {
  return (req, _res, next) => {
    const problem =
      req.body === undefined ? undefined : jsonBoundsProblem(req.body);
    if (problem) {
      next(new InputError(`The request body ${problem}`));
      return;
    }
    next();
  };
}
