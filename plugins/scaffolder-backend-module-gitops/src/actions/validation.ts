import { z } from 'zod';
import { InputError } from '@backstage/errors';
import { jsonBoundsProblem } from '@gitops-suite/plugin-gitops-common';

/**
 * Parses action input with zod; failures become an InputError naming each
 * field. Only gitops:applicationset:render still needs it (its builder
 * inputs are required only without applicationSet, and carry refinements). Input beyond the suite's JSON bounds (depth, size) is refused
 * first, naming the limit.
 */
export function parseInput<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
  actionId: string,
): z.output<T> {
  const problem = jsonBoundsProblem(value ?? {});
  if (problem) {
    throw new InputError(`Invalid input to ${actionId}: the input ${problem}`);
  }
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const detail = result.error.issues
      .map(issue => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new InputError(`Invalid input to ${actionId}: ${detail}`);
  }
  return result.data;
}

/** A catalog entity ref, `kind:namespace/name` (namespace optional). */
export const ENTITY_REF = /^[^:/]+:([^/]+\/)?[^/]+$/;

/** An RFC 1123 label: Kubernetes namespaces, environment names. */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** An RFC 1123 subdomain: Kubernetes object names. */
export const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * The scaffolder builds JSON schemas with its own zod instance (`zod/v3`);
 * this package's schemas are written against its own zod. Passing the
 * scaffolder's instance in at runtime is fine (same v3 API), but the two
 * type declarations are distinct, so the bridge erases the type here. The
 * scaffolder validates a step's input against this schema (as JSON schema:
 * patterns, enums, bounds; no refinement, transform or default), so the
 * handlers type `ctx.input` from it and apply their defaults themselves.
 */
export function actionSchema(
  build: (zImpl: typeof z) => z.ZodTypeAny,
): (zImpl: any) => any {
  return zImpl => build(zImpl);
}
