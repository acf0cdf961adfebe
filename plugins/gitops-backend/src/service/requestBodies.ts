/*
 * Checks what callers give the service layer (operation bodies and
 * ApplicationSet requests) against the request bodies of openapi.yaml, the
 * one description of them: HTTP requests meet the OpenAPI validator first,
 * actions and other in-process callers meet only these. Errors name each
 * field; defaults of the spec are filled into a copy, never into the
 * caller's object. A body beyond the suite's JSON bounds (depth, size) is
 * refused first, naming the limit.
 */
import Ajv from 'ajv';
import { InputError } from '@backstage/errors';
import {
  jsonBoundsProblem,
  type GitOpsApiPaths,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import { spec } from '../schema/openapi';
import {
  SPEC_ID,
  specCheck,
  specComponents,
  SpecObjectSchema,
} from './specSchemas';

/** The spec's paths that take a JSON body by POST. */
type PostPath = {
  [P in keyof GitOpsApiPaths]: [
    NonNullable<GitOpsApiPaths[P]['post']>,
  ] extends [never]
    ? never
    : P;
}[keyof GitOpsApiPaths];

const ajv = new Ajv({
  strict: false,
  allErrors: true,
  useDefaults: true,
  validateFormats: false,
});
ajv.addSchema(specComponents, SPEC_ID);

/** The request body schema of a path. */
function bodySchema(path: PostPath): SpecObjectSchema {
  const operation = (
    spec.paths as Record<
      string,
      {
        post?: {
          requestBody?: { content: Record<string, { schema: object }> };
        };
      }
    >
  )[path]?.post;
  const schema = operation?.requestBody?.content['application/json']?.schema;
  if (!schema)
    throw new Error(`openapi.yaml has no JSON body for POST ${path}`);
  return schema as SpecObjectSchema;
}

/**
 * A check of the JSON body that POST `path` takes, for the service layer:
 * returns a copy with the spec's defaults, or throws an InputError that
 * names `what` and every field that is wrong. `defaulted` names the fields
 * the spec gives a default, so the result's type has them; the first check
 * fails when the spec has no default for one of them.
 */
export function requestBodyCheck<
  P extends PostPath,
  D extends keyof GitOpsApiRequestBody<P, 'post'> = never,
>(
  path: P,
  what: string,
  defaulted: readonly D[] = [],
): (
  value: unknown,
) => GitOpsApiRequestBody<P, 'post'> &
  Required<Pick<GitOpsApiRequestBody<P, 'post'>, D>> {
  const check = specCheck({
    ajv,
    schema: () => bodySchema(path),
    defaulted,
    describeField: field => `${field} of POST ${path}`,
    what,
  });
  return value => {
    // bounded before anything walks it (the clone, the validator)
    const problem = jsonBoundsProblem(value ?? {});
    if (problem) throw new InputError(`Invalid ${what}: the body ${problem}`);
    const body = structuredClone(value ?? {});
    check(body);
    return body as GitOpsApiRequestBody<P, 'post'> &
      Required<Pick<GitOpsApiRequestBody<P, 'post'>, D>>;
  };
}
