import { InputError } from '@backstage/errors';
import { z } from 'zod';

/*
 * What the stores accept, field by field. The router validates requests
 * against the OpenAPI spec before they get here; these checks keep the
 * stores safe for every other caller (actions, the fleet recorder) and give them an `InputError` that names the field.
 */

/** Longest identifier (entity ref, agent id, application name, ...). */
export const MAX_NAME_LENGTH = 255;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

const ISO_TIMESTAMP_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const NON_EMPTY = 'must be a non-empty string';

/** A non-blank string of at most `maxLength` characters, stored as given. */
export function name(maxLength: number = MAX_NAME_LENGTH) {
  return z
    .string({ invalid_type_error: NON_EMPTY, required_error: NON_EMPTY })
    .max(maxLength, `longer than ${maxLength} characters`)
    .refine(value => value.trim() !== '', NON_EMPTY);
}

/** An optional {@link name}; absent (or null) becomes `null`, as stored. */
export function optionalName(maxLength: number = MAX_NAME_LENGTH) {
  return name(maxLength)
    .nullish()
    .transform(value => value ?? null);
}

/** One of `values`; the message lists them. */
export function oneOf<T extends string>(values: readonly T[]) {
  const message = `must be one of ${values.join(', ')}`;
  return z.custom<T>(
    value => typeof value === 'string' && values.includes(value as T),
    { message },
  );
}

/** An ISO 8601 time with a zone, as a `Date`. */
export const timestamp = z
  .string({ invalid_type_error: 'must be an ISO 8601 timestamp' })
  .regex(
    ISO_TIMESTAMP_PATTERN,
    'must be an ISO 8601 timestamp with a time zone',
  )
  .refine(value => !Number.isNaN(Date.parse(value)), 'is not a valid time')
  .transform(value => new Date(value));

const LIMIT_MESSAGE = `must be an integer from 1 to ${MAX_LIMIT}`;

/** A page size: 1 to 500, 100 when absent. */
export const limit = z
  .number({ invalid_type_error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(MAX_LIMIT, LIMIT_MESSAGE)
  .default(DEFAULT_LIMIT);

/** Most entity refs one list may be narrowed to (a team's entities). */
const MAX_ENTITY_REFS = 1000;

/** An optional list of entity refs, as `entity_ref IN (...)` narrows. */
export const entityRefs = z
  .array(name(), { invalid_type_error: 'must be an array of entity refs' })
  .max(MAX_ENTITY_REFS, `more than ${MAX_ENTITY_REFS} entity refs`)
  .optional();

/** A plain object (not an array, not null) with the given fields. */
export function record<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { invalid_type_error: 'must be an object' });
}

/**
 * `value` parsed by `schema`, or an `InputError` naming the first bad field:
 * the field of an object by its own name (`Invalid actor: ...`), an item of
 * an array under `field` (`Invalid rows[1].appKey: ...`), and `field` when
 * `value` itself is wrong.
 */
export function parseInput<S extends z.ZodTypeAny>(
  schema: S,
  value: unknown,
  field: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const issue = result.error.issues[0];
  const start = typeof issue.path[0] === 'number' ? field : '';
  const path = issue.path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`,
    start,
  );
  throw new InputError(
    `Invalid ${path.replace(/^\./, '') || field}: ${issue.message}`,
  );
}
