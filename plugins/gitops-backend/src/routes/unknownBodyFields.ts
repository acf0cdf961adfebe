import type { RequestHandler } from 'express';
import { InputError } from '@backstage/errors';
import { spec } from '../schema/openapi';

type BodySchema = {
  $ref?: string;
  additionalProperties?: unknown;
  properties?: Record<string, unknown>;
};

/** The closed JSON body schemas of the spec, per method and path pattern. */
const closedBodies = Object.entries(
  spec.paths as Record<string, Record<string, any>>,
).flatMap(([template, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) => {
    let schema: BodySchema | undefined =
      operation?.requestBody?.content?.['application/json']?.schema;
    if (schema?.$ref) {
      const name = schema.$ref.split('/').pop()!;
      schema = (spec.components.schemas as Record<string, BodySchema>)[name];
    }
    if (schema?.additionalProperties !== false || !schema.properties) return [];
    const pattern = new RegExp(
      `^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
    );
    return [
      {
        method: method.toUpperCase(),
        pattern,
        fields: Object.keys(schema.properties),
      },
    ];
  }),
);

/**
 * Refuses (400) a JSON body with a field its operation does not take,
 * naming the field and those it takes: the spec validator's own answer
 * ("must NOT have additional properties") names none.
 */
export function unknownBodyFields(): RequestHandler {
  return (req, _res, next) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      next();
      return;
    }
    const closed = closedBodies.find(
      c => c.method === req.method && c.pattern.test(req.path),
    );
    const unknown = closed
      ? Object.keys(body).filter(key => !closed.fields.includes(key))
      : [];
    if (closed && unknown.length) {
      next(
        new InputError(
          `request/body has ${unknown
            .map(key => `'${key}'`)
            .join(
              ', ',
            )}, which the request does not take (it takes ${closed.fields.join(
            ', ',
          )})`,
        ),
      );
      return;
    }
    next();
  };
}
