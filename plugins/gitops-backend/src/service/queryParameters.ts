/*
 * Reads the fleet filter and event queries of the routes, with errors that
 * name the field: lists may come repeated or comma-separated. Request
 * bodies are checked against openapi.yaml itself (requestBodies.ts).
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
