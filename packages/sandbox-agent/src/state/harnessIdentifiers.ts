/*
 * Harness identifiers of clusters and repositories. Argo CD objects do not
 * carry them, so they live beside the objects rather than in them.
 */
const identifiers = new WeakMap<object, string>();

export function setHarnessIdentifier(object: object, identifier: string) {
  identifiers.set(object, identifier);
}

export function harnessIdentifier(object: object, fallback: string): string {
  return identifiers.get(object) ?? fallback.replace(/[^A-Za-z0-9_]/g, '_');
}
