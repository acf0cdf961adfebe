/*
 * Reads the query of a GET route against its parameters in openapi.yaml,
 * the one description of them: the types, enums, limits and defaults are
 * the spec's. Lists may come repeated (as the spec's form style says) or
 * comma-separated, as people type them. Errors name every wrong parameter.
 */
import Ajv from 'ajv';
import type { GitOpsApiPaths } from '@gitops-suite/plugin-gitops-common';
import { spec } from '../schema/openapi';
import { SPEC_ID, specCheck, specComponents } from './specSchemas';

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
  /** The list parameters, read from the spec at the first use. */
  let lists: string[] | undefined;
  const check = specCheck({
    ajv,
    schema: () => ({
      type: 'object',
      properties: Object.fromEntries(
        queryParameters(path).map(p => [p.name, p.schema ?? {}]),
      ),
      additionalProperties: false,
    }),
    defaulted,
    describeField: field => `query parameter ${field} of GET ${path}`,
    what,
  });
  return query => {
    const values: Record<string, unknown> = {
      ...(query as Record<string, unknown>),
    };
    lists ??= queryParameters(path)
      .filter(p => p.schema?.type === 'array')
      .map(p => p.name);
    for (const name of lists) {
      if (values[name] === undefined) continue;
      const items = list(values[name]);
      if (items) values[name] = items;
      else delete values[name];
    }
    check(values);
    return values as GitOpsApiQuery<P> & Required<Pick<GitOpsApiQuery<P>, D>>;
  };
}
