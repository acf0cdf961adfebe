/*
 * Checks of what callers give the service layer (operation bodies, fleet
 * filters, ApplicationSet requests), with errors that name the field. HTTP
 * requests meet the OpenAPI validator first; actions and other in-process
 * callers meet only these.
 */
import { z } from 'zod';
import { InputError } from '@backstage/errors';
import {
  HealthStatusCode,
  HEALTH_STATUSES,
  SyncStatusCode,
  SYNC_STATUSES,
} from '@gitops-suite/plugin-gitops-common';

const oneOf = <T extends string>(allowed: readonly T[]) =>
  z.custom<T>(v => allowed.includes(v as T), {
    message: `must be one of ${allowed.join(', ')}`,
  });

const resourceRef = z.object({
  group: z.string().optional(),
  version: z.string().optional(),
  kind: z.string().min(1),
  namespace: z.string().optional(),
  name: z.string().min(1),
});

export const refreshBody = z
  .object({ mode: z.enum(['normal', 'hard']).default('normal') })
  .strict();

export const syncBody = z
  .object({
    revision: z.string().min(1).max(256).optional(),
    prune: z.boolean().optional(),
    dryRun: z.boolean().optional(),
    resources: z.array(resourceRef).max(500).optional(),
    syncOptions: z.array(z.string().max(256)).max(50).optional(),
  })
  .strict();

export const rollbackBody = z
  .object({
    id: z.number().int().nonnegative(),
    dryRun: z.boolean().optional(),
    prune: z.boolean().optional(),
  })
  .strict();

export const applicationSetCreateBody = z
  .object({
    manifest: z
      .object({
        apiVersion: z.literal('argoproj.io/v1alpha1'),
        kind: z.literal('ApplicationSet'),
        metadata: z.object({ name: z.string().min(1) }).passthrough(),
        spec: z.record(z.unknown()),
      })
      .passthrough(),
    upsert: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    entityRef: z.string().optional(),
  })
  .strict();

const list = (value: unknown): string[] | undefined => {
  if (value === undefined) return undefined;
  const values = (Array.isArray(value) ? value : [value]).flatMap(v =>
    String(v).split(','),
  );
  const trimmed = values.map(v => v.trim()).filter(Boolean);
  return trimmed.length ? trimmed : undefined;
};

export const fleetFilterQuery = z.object({
  agent: z.preprocess(list, z.array(z.string()).optional()),
  environment: z.preprocess(list, z.array(z.string()).optional()),
  region: z.preprocess(list, z.array(z.string()).optional()),
  health: z.preprocess(
    list,
    z.array(oneOf<HealthStatusCode>(HEALTH_STATUSES)).optional(),
  ),
  sync: z.preprocess(
    list,
    z.array(oneOf<SyncStatusCode>(SYNC_STATUSES)).optional(),
  ),
  project: z.preprocess(list, z.array(z.string()).optional()),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(20000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export const eventsQuery = z.object({
  entityRef: z.string().optional(),
  agent: z.string().optional(),
  application: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** Parses with a zod schema; failures become an InputError naming each field. */
export function parse<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
  what: string,
): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const detail = result.error.issues
      .map(issue => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new InputError(`Invalid ${what}: ${detail}`);
  }
  return result.data;
}
