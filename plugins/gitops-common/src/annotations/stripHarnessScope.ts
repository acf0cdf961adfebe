const SCOPE_PREFIX = /^(account|org)\./;

/**
 * Removes the scope prefix of a Harness reference: `account.payments` and
 * `org.payments` become `payments`; a project-level `payments` stays as is.
 * Surrounding whitespace is trimmed.
 * @public
 */
export function stripHarnessScope(ref: string): string {
  return ref.trim().replace(SCOPE_PREFIX, '');
}
