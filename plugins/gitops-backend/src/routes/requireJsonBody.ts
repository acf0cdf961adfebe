import type { RequestHandler } from 'express';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(headers: Record<string, unknown>): boolean {
  return (
    headers['transfer-encoding'] !== undefined ||
    Number(headers['content-length'] ?? 0) > 0
  );
}

/**
 * Every request body of the API is JSON: a body in any other media type
 * (or with none named) is refused with 415 before anything parses it, so
 * it can never be dropped and the operation run with its defaults. Whether
 * a body may be absent is the spec's to say (the validated router answers
 * 400 where it is required). It answers by itself: the validated router
 * turns every error raised before its routes into a 400.
 */
export function requireJsonBodies(): RequestHandler {
  return (req, res, next) => {
    if (hasBody(req.headers) && !req.is('application/json')) {
      const type = req.headers['content-type'];
      res.status(415).json({
        error: {
          name: 'UnsupportedMediaTypeError',
          message: `The request body must be application/json, not ${
            type ? `'${type}'` : 'a body without a content type'
          }`,
        },
        request: { method: req.method, url: req.originalUrl },
        response: { statusCode: 415 },
      });
      return;
    }
    if (
      !hasBody(req.headers) &&
      req.headers['content-type'] === undefined &&
      WRITE_METHODS.has(req.method)
    ) {
      // an absent body is an empty JSON one: the spec decides whether that
      // is allowed (the validator would call it a missing media type)
      req.headers['content-type'] = 'application/json';
    }
    next();
  };
}
