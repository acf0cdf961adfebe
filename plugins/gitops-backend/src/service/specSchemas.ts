/*
 * What the service layer's checks against openapi.yaml share: the id under
 * which an Ajv instance holds the spec's components, schemas whose `$ref`s
 * point there, and error messages that name each field.
 */
import type { ErrorObject } from 'ajv';
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
