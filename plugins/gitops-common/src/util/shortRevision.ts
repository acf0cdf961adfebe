const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * Shortens a Git commit SHA (SHA-1 or SHA-256) to its first 7 characters;
 * tags, branches and chart versions are returned unchanged.
 * @public
 */
export function shortRevision(revision: string): string;
/** @public */
export function shortRevision(revision: string | undefined): string | undefined;
export function shortRevision(
  revision: string | undefined,
): string | undefined {
  if (revision === undefined) {
    return undefined;
  }
  return COMMIT_SHA.test(revision) ? revision.slice(0, 7) : revision;
}
