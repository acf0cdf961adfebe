import { stringify as toYaml } from 'yaml';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(sortKeys);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map(key => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Pretty JSON with object keys sorted at every depth, so that two
 * manifests differ in a diff only where their content differs.
 * `null` (a resource that should not exist, or does not) is empty text.
 */
export function stableStringify(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  return JSON.stringify(sortKeys(value), null, 2);
}

/** How a manifest is written out: YAML (as Argo CD shows it) or JSON. */
export type ManifestFormat = 'yaml' | 'json';

/**
 * A manifest as YAML (the default, as Argo CD's own diff shows it) or
 * pretty JSON, keys sorted at every depth either way; `null` is empty.
 */
export function formatManifest(
  value: unknown,
  format: ManifestFormat = 'yaml',
): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (format === 'json') return stableStringify(value);
  return toYaml(sortKeys(value), { lineWidth: 0 });
}
