/*
 * What the Kubernetes API server does to a custom resource before it
 * validates it against a structural schema: it drops `null` values of
 * fields that are not `nullable`, and drops fields the schema does not
 * declare (unless `x-kubernetes-preserve-unknown-fields` keeps them).
 * `metadata` keeps only what ObjectMeta holds; `apiVersion` and `kind`
 * always stay.
 */

type Schema = {
  type?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
};

const OBJECT_META = new Set([
  'name',
  'namespace',
  'generateName',
  'labels',
  'annotations',
  'finalizers',
  'ownerReferences',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
]);

function prune(
  value: unknown,
  schema: Schema | undefined,
  path: string[],
): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // Null items of a list stay (PruneNonNullableNullsWithoutDefaults visits
    // only object properties) and fail validation as their type.
    return value.map(v => prune(v, schema.items, path));
  }
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const declared = schema.properties?.[key];
    const additional =
      typeof schema.additionalProperties === 'object'
        ? schema.additionalProperties
        : undefined;
    const childSchema = declared ?? additional;
    const isRoot = path.length === 0;
    if (isRoot && (key === 'apiVersion' || key === 'kind')) {
      out[key] = child;
      continue;
    }
    if (isRoot && key === 'metadata') {
      if (child !== null && typeof child === 'object') {
        out[key] = Object.fromEntries(
          Object.entries(child).filter(
            ([k, v]) => OBJECT_META.has(k) && v !== null,
          ),
        );
      }
      continue;
    }
    if (!childSchema && !preserve && schema.additionalProperties !== true)
      continue;
    if (child === null && !(childSchema?.nullable ?? false)) continue;
    out[key] = prune(child, childSchema, [...path, key]);
  }
  return out;
}

/** The manifest as the API server would store it before validation. */
export function pruneToSchema<T>(manifest: T, schema: object): T {
  return prune(manifest, schema as Schema, []) as T;
}
