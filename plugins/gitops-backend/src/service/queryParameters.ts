/*
 * Reads the query of a GET route against its parameters in openapi.yaml,
 * the one description of them: the types, enums, limits and defaults are
 * the spec's. Lists may come repeated (as the spec's form style says) or
 * comma-separated, as people type them. Errors name every wrong parameter.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { InputError } from '@backstage/errors';
import type { GitOpsApiPaths } from '@gitops-suite/plugin-gitops-common';
import { spec } from '../schema/openapi';
import {
  describeSchemaErrors,
  SPEC_ID,
  specAjvSchema,
  specComponents,
} from './specSchemas';

/** The spec's paths with a GET. */
type GetPath = {
  [P in keyof GitOpsApiPaths]: [NonNullable<GitOpsApiPaths[P]['get']>] extends [
    never,
  ]
    ? never
    : P;
}[keyof GitOpsApiPaths];

/** The query parameters of GET `P`, as the spec types them. */
export type GitOpsApiQuery<P extends GetPath> = NonNullable<
  GitOpsApiPaths[P]['get'] extends { parameters: { query?: infer Q } }
    ? Q
    : never
>;

interface SpecParameter {
  name: string;
  in: string;
  schema?: { type?: string; default?: unknown };
  $ref?: string;
}

const ajv = new Ajv({
  strict: false,
  allErrors: true,
  useDefaults: true,
  coerceTypes: true,
  validateFormats: false,
});
ajv.addSchema(specComponents, SPEC_ID);

function resolve(parameter: SpecParameter): SpecParameter {
  if (!parameter.$ref) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  return (spec.components as { parameters: Record<string, SpecParameter> })
    .parameters[name];
}

function queryParameters(path: GetPath): SpecParameter[] {
  const operation = (
    spec.paths as unknown as Record<
      string,
      { get?: { parameters?: SpecParameter[] } }
    >
  )[path]?.get;
  if (!operation) throw new Error(`openapi.yaml has no GET ${path}`);
  return (operation.parameters ?? [])
    .map(resolve)
    .filter(p => p.in === 'query');
}

/** Repeated or comma-separated values, trimmed; undefined when none. */
function list(value: unknown): string[] | undefined {
  const values = (Array.isArray(value) ? value : [value])
    .flatMap(v => String(v).split(','))
    .map(v => v.trim())
    .filter(Boolean);
  return values.length ? values : undefined;
}

/**
 * A reader of GET `path`'s query: returns the parameters typed and
 * coerced as the spec says, with its defaults, or throws an InputError that
 * names `what` and every parameter that is wrong or unknown. `defaulted`
 * names the parameters the spec gives a default, so the result's type has
 * them; the first read fails when the spec has no default for one of them.
 */
export function queryParameterCheck<
  P extends GetPath,
  D extends keyof GitOpsApiQuery<P> = never,
>(
  path: P,
  what: string,
  defaulted: readonly D[] = [],
): (
  query: unknown,
) => GitOpsApiQuery<P> & Required<Pick<GitOpsApiQuery<P>, D>> {
  let compiled: { validate: ValidateFunction; lists: string[] } | undefined;
  return query => {
    if (!compiled) {
      const parameters = queryParameters(path);
      for (const name of defaulted) {
        const parameter = parameters.find(p => p.name === name);
        if (parameter?.schema?.default === undefined) {
          throw new Error(
            `openapi.yaml gives query parameter ${String(
              name,
            )} of GET ${path} no default`,
          );
        }
      }
      compiled = {
        lists: parameters
          .filter(p => p.schema?.type === 'array')
          .map(p => p.name),
        validate: ajv.compile(
          specAjvSchema({
            type: 'object',
            properties: Object.fromEntries(
              parameters.map(p => [p.name, p.schema ?? {}]),
            ),
            additionalProperties: false,
          }),
        ),
      };
    }
    const values: Record<string, unknown> = {
      ...(query as Record<string, unknown>),
    };
    for (const name of compiled.lists) {
      if (values[name] === undefined) continue;
      const items = list(values[name]);
      if (items) values[name] = items;
      else delete values[name];
    }
    if (!compiled.validate(values)) {
      throw new InputError(
        `Invalid ${what}: ${describeSchemaErrors(compiled.validate.errors)}`,
      );
    }
    return values as GitOpsApiQuery<P> & Required<Pick<GitOpsApiQuery<P>, D>>;
  };
}
