import { makeValidator } from '@backstage/catalog-model';

const validator = makeValidator();

/** The longest entity name the catalog accepts. */
const MAX_NAME_LENGTH = 63;

/**
 * Turns any agent, cluster or environment name into a valid catalog entity
 * name: lowercase, characters outside `[a-z0-9-_.]` replaced by `-`, runs of
 * separators collapsed, trimmed to start and end alphanumeric, at most 63
 * characters. Keep the original in the `gitops/original-name` annotation.
 * @public
 */
export function toEntityName(original: string): string {
  if (
    validator.isValidEntityName(original) &&
    original === original.toLowerCase()
  ) {
    return original;
  }
  let name = original
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/([-_.])[-_.]+/g, '$1')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[^a-z0-9]+$/, '');
  if (!name) {
    name = 'unnamed';
  }
  return name;
}
