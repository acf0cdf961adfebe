/*
 * What the service layer's checks against openapi.yaml share: the id under
 * which an Ajv instance holds the spec's components, schemas whose `$ref`s
 * point there, and error messages that name each field.
 */
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { InputError } from '@backstage/errors';
import { spec } from '../schema/openapi';

/** The id of the spec's components in an Ajv instance ({@link specComponents}). */
export const SPEC_ID = 'gitops-openapi';

/** The schema Ajv adds under {@link SPEC_ID}. */
export const specComponents = { components: spec.components };

/** A schema from the spec, its `#/components/...` references made absolute. */
export function specAjvSchema(schema: object): object {
  return JSON.parse(
    JSON.stringify(schema).replace(
      /"#\/components\//g,
      `"${SPEC_ID}#/components/`,
    ),
  );
}

/** Ajv's errors as `field: what is wrong`, joined. */
export function describeSchemaErrors(
  errors: ErrorObject[] | null | undefined,
): string {
  return (errors ?? [])
    .map(error => {
      const at = error.instancePath
        ? error.instancePath.slice(1).replace(/\//g, '.')
        : '(root)';
      if (error.keyword === 'additionalProperties') {
        const name = error.params.additionalProperty;
        return at === '(root)'
          ? `${name}: is not allowed here`
          : `${at}: must NOT have additional properties '${name}'`;
      }
      const detail =
        error.keyword === 'enum'
          ? `: ${(error.params.allowedValues as unknown[]).join(', ')}`
          : '';
      return `${at}: ${error.message}${detail}`;
    })
    .join('; ');
}

/** An object schema from the spec, its fields' defaults readable. */
export interface SpecObjectSchema {
  type: 'object';
  properties?: Record<string, { default?: unknown }>;
  [keyword: string]: unknown;
}

/**
 * A check of values against an object schema of the spec, compiled by
 * `ajv` at its first use. It fails at once (naming `describeField(field)`)
 * when one of the `defaulted` fields has no default in the spec, so the
 * callers' types that promise them stay true. The value is checked in place
 * (ajv fills in the defaults); a wrong one is an InputError naming `what`
 * and every field that is wrong.
 */
export function specCheck(options: {
  ajv: Ajv;
  schema: () => SpecObjectSchema;
  defaulted: readonly PropertyKey[];
  describeField: (field: string) => string;
  what: string;
}): (value: unknown) => void {
  let validate: ValidateFunction | undefined;
  return value => {
    if (!validate) {
      const schema = options.schema();
      for (const field of options.defaulted.map(String)) {
        if (schema.properties?.[field]?.default === undefined) {
          throw new Error(
            `openapi.yaml gives ${options.describeField(field)} no default`,
          );
        }
      }
      validate = options.ajv.compile(specAjvSchema(schema));
    }
    if (!validate(value)) {
      throw new InputError(
        `Invalid ${options.what}: ${describeSchemaErrors(validate.errors)}`,
      );
    }
  };
}
