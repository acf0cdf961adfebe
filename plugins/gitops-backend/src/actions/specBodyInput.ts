/*
 * An action's input fields made from the request body its route takes in
 * openapi.yaml, so that the action and the route share one schema: the
 * actions registry checks an action's input with this (zod) once, as the
 * OpenAPI validator checks the route's body once, and the service below
 * trusts both. Only the JSON schema keywords the spec uses are known; a
 * body with any other keyword fails when the action is built, so the spec
 * cannot grow a check that actions would skip.
 */
import type {
  GitOpsApiPaths,
  GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import { spec } from '../schema/openapi';
import type { ActionZod } from './applicationSummary';

/** The spec's paths that take a JSON body by POST. */
export type SpecPostPath = {
  [P in keyof GitOpsApiPaths]: [
    NonNullable<GitOpsApiPaths[P]['post']>,
  ] extends [never]
    ? never
    : P;
}[keyof GitOpsApiPaths];

/** The path of an entity's application, below which its operations are. */
export const APPLICATION_PATH =
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}';

type JsonSchema = { [keyword: string]: any };
/** Any zod schema of the registry's zod. */
type ZodType = ActionZod['ZodType']['prototype'];

/** Keywords that describe and check nothing. */
const NOTES = new Set(['description', 'example', 'title']);
/** Keywords each type's conversion below checks. */
const KNOWN: Record<string, string[]> = {
  object: ['properties', 'required', 'additionalProperties'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  string: ['enum', 'minLength', 'maxLength', 'pattern'],
  integer: ['minimum', 'maximum'],
  number: ['minimum', 'maximum'],
  boolean: [],
};

function resolve(schema: JsonSchema): JsonSchema {
  const ref: string | undefined = schema.$ref;
  if (!ref) return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = (spec.components.schemas as Record<string, JsonSchema>)[name];
  if (!target) throw new Error(`openapi.yaml has no schema ${ref}`);
  return resolve(target);
}

function toZod(z: ActionZod, raw: JsonSchema, at: string): ZodType {
  const schema = resolve(raw);
  const type: string = schema.type;
  const known = KNOWN[type];
  if (!known) throw new Error(`${at}: openapi.yaml type '${type}' unknown`);
  const unknown = Object.keys(schema).filter(
    k => k !== 'type' && k !== 'default' && !NOTES.has(k) && !known.includes(k),
  );
  if (unknown.length) {
    throw new Error(
      `${at}: openapi.yaml keyword ${unknown.join(', ')} unknown`,
    );
  }
  let result: ZodType;
  if (type === 'object') {
    result = z.object(objectShape(z, schema, at));
    if (schema.additionalProperties === false)
      result = (result as any).strict();
  } else if (type === 'array') {
    let array = z.array(toZod(z, schema.items, `${at}[]`));
    if (schema.minItems !== undefined) array = array.min(schema.minItems);
    if (schema.maxItems !== undefined) array = array.max(schema.maxItems);
    result = schema.uniqueItems
      ? array.refine(
          items =>
            new Set(items.map(i => JSON.stringify(i))).size === items.length,
          'must not have duplicate items',
        )
      : array;
  } else if (type === 'string' && schema.enum) {
    result = z.enum(schema.enum as [string, ...string[]]);
  } else if (type === 'string') {
    let text = z.string();
    if (schema.minLength !== undefined) text = text.min(schema.minLength);
    if (schema.maxLength !== undefined) text = text.max(schema.maxLength);
    if (schema.pattern) text = text.regex(new RegExp(schema.pattern));
    result = text;
  } else if (type === 'boolean') {
    result = z.boolean();
  } else {
    let num = type === 'integer' ? z.number().int() : z.number();
    if (schema.minimum !== undefined) num = num.min(schema.minimum);
    if (schema.maximum !== undefined) num = num.max(schema.maximum);
    result = num;
  }
  return schema.description
    ? result.describe(String(schema.description).trim())
    : result;
}

function objectShape(
  z: ActionZod,
  schema: JsonSchema,
  at: string,
): Record<string, ZodType> {
  const required: string[] = schema.required ?? [];
  return Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(
      ([field, property]) => {
        const value = toZod(z, property, `${at}.${field}`);
        if (property.default !== undefined) {
          return [field, value.default(property.default)];
        }
        return [field, required.includes(field) ? value : value.optional()];
      },
    ),
  );
}

/**
 * The fields of the JSON body POST `path` takes, as zod fields of an
 * action's input; `describe` gives a field the words an assistant reads
 * (the spec's own description otherwise). The parsed input holds the
 * spec's defaults, so it is the route's body as the validator leaves it.
 */
export function specBodyFields<P extends SpecPostPath>(
  z: ActionZod,
  path: P,
  describe: Partial<Record<keyof GitOpsApiRequestBody<P, 'post'>, string>> = {},
): Record<keyof GitOpsApiRequestBody<P, 'post'>, ZodType> {
  const operation = (spec.paths as Record<string, any>)[path]?.post;
  const body = operation?.requestBody?.content?.['application/json']?.schema;
  if (!body) throw new Error(`openapi.yaml has no JSON body for POST ${path}`);
  const shape = objectShape(z, resolve(body), `POST ${path}`);
  for (const [field, words] of Object.entries(describe)) {
    if (!shape[field]) throw new Error(`POST ${path} takes no field ${field}`);
    shape[field] = shape[field].describe(words as string);
  }
  return shape as Record<keyof GitOpsApiRequestBody<P, 'post'>, ZodType>;
}
