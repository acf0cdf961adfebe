import { parse as parseYaml } from 'yaml';
import { InputError } from '@backstage/errors';

/**
 * A full ApplicationSet manifest given to an action, as YAML text or as an
 * object (a template may pass either). Only the first YAML document counts;
 * the manifest must be an `argoproj.io` ApplicationSet with a name.
 */
export function readApplicationSet(
  value: unknown,
  field = 'applicationSet',
): Record<string, any> {
  let manifest: unknown = value;
  if (typeof value === 'string') {
    try {
      manifest = parseYaml(value);
    } catch (error) {
      throw new InputError(
        `${field}: not valid YAML: ${(error as Error).message}`,
      );
    }
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) {
    throw new InputError(`${field}: expected an ApplicationSet manifest`);
  }
  const object = manifest as Record<string, any>;
  if (object.kind !== 'ApplicationSet') {
    throw new InputError(
      `${field}: the manifest is not an ApplicationSet (kind: ${String(
        object.kind,
      )})`,
    );
  }
  if (!/^argoproj\.io\//.test(String(object.apiVersion ?? ''))) {
    throw new InputError(
      `${field}/apiVersion: expected argoproj.io/v1alpha1, got ${String(
        object.apiVersion,
      )}`,
    );
  }
  if (!object.metadata?.name) {
    throw new InputError(`${field}/metadata/name: is required`);
  }
  return object;
}
