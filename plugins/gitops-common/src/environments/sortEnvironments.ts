import type { EnvironmentDefinition } from '../types';

/**
 * Finds the first definition of an environment (in configuration order).
 * @internal
 */
export function findEnvironment(
  name: string,
  definitions: readonly EnvironmentDefinition[],
): { definition: EnvironmentDefinition; position: number } | undefined {
  const position = definitions.findIndex(d => d.name === name);
  return position >= 0
    ? { definition: definitions[position], position }
    : undefined;
}

/**
 * Sorts environment names in promotion order: configured environments first,
 * by `order` then by position in the configuration; unknown names after
 * them, alphabetically. Duplicates are dropped.
 * @public
 */
export function sortEnvironments(
  names: readonly string[],
  definitions: readonly EnvironmentDefinition[],
): string[] {
  const unique = Array.from(new Set(names));
  const keyed = unique.map(name => ({
    name,
    found: findEnvironment(name, definitions),
  }));
  keyed.sort((a, b) => {
    if (a.found && b.found) {
      return (
        a.found.definition.order - b.found.definition.order ||
        a.found.position - b.found.position
      );
    }
    if (a.found) {
      return -1;
    }
    if (b.found) {
      return 1;
    }
    return a.name.localeCompare(b.name, 'en');
  });
  return keyed.map(k => k.name);
}

/**
 * The display title of an environment: its configured `title`, else its
 * name.
 * @public
 */
export function environmentTitle(
  name: string,
  definitions: readonly EnvironmentDefinition[],
): string {
  return findEnvironment(name, definitions)?.definition.title || name;
}
