/*
 * Argo CD's patterns for AppProject destinations and source repositories:
 * `*` matches any run of characters (a `/` too), `?` one character, `[...]`
 * one of a set; a pattern that starts with `!` denies what it matches.
 */

const compiled = new Map<string, RegExp>();

function toRegExp(glob: string): RegExp {
  let cached = compiled.get(glob);
  if (!cached) {
    let source = '';
    for (let i = 0; i < glob.length; i++) {
      const c = glob[i];
      if (c === '*') source += '.*';
      else if (c === '?') source += '.';
      else if (c === '[') {
        const end = glob.indexOf(']', i + 1);
        if (end > i + 1) {
          const set = glob.slice(i + 1, end).replace(/[\\\]^]/g, m => `\\${m}`);
          source += `[${set.startsWith('!') ? `^${set.slice(1)}` : set}]`;
          i = end;
        } else source += '\\[';
      } else source += c.replace(/[.+^${}()|\\/\]]/g, m => `\\${m}`);
    }
    cached = new RegExp(`^${source}$`);
    if (compiled.size > 5000) compiled.clear();
    compiled.set(glob, cached);
  }
  return cached;
}

/** Whether `pattern` is a deny pattern (`!...`). */
export function isDenyPattern(pattern: string): boolean {
  return pattern.startsWith('!');
}

/** Whether `value` matches the glob `pattern` (the `!` of a deny pattern ignored). */
export function globMatches(pattern: string, value: string): boolean {
  return toRegExp(isDenyPattern(pattern) ? pattern.slice(1) : pattern).test(
    value,
  );
}

/**
 * Whether a list of patterns allows `value`, as Argo CD reads
 * `sourceRepos`: no deny pattern matches it, and an allow pattern does.
 */
export function patternsAllow(patterns: string[], value: string): boolean {
  let allowed = false;
  for (const pattern of patterns) {
    if (!globMatches(pattern, value)) continue;
    if (isDenyPattern(pattern)) return false;
    allowed = true;
  }
  return allowed;
}

/** A destination pattern of an AppProject or of `gitops.projects`. */
export interface DestinationPattern {
  server?: string;
  name?: string;
  namespace?: string;
}

/** Where an application deploys to. */
export interface Destination {
  server?: string;
  name?: string;
  namespace?: string;
}

/** Whether a pattern's fields (their `!` ignored) match a destination. */
function fieldsMatch(pattern: DestinationPattern, destination: Destination) {
  // a destination named one way only (Argo CD resolves the other) is
  // matched on the other side by a `*` alone
  const side = (glob: string | undefined, value: string | undefined) =>
    glob !== undefined && (value ? globMatches(glob, value) : glob === '*');
  const byServer = side(pattern.server, destination.server);
  const byName = side(pattern.name, destination.name);
  const anyCluster = pattern.server === undefined && pattern.name === undefined;
  const namespace =
    pattern.namespace === undefined ||
    globMatches(pattern.namespace, destination.namespace ?? '');
  return (anyCluster || byServer || byName) && namespace;
}

/**
 * Whether destination patterns allow a destination, as Argo CD matches an
 * AppProject's `destinations`: an allow pattern matches the cluster (by
 * server URL or by name) and the namespace, and no deny pattern (one with a
 * `!` field) matches it.
 */
export function destinationAllowed(
  patterns: DestinationPattern[],
  destination: Destination,
): boolean {
  let allowed = false;
  for (const pattern of patterns) {
    const deny = [pattern.server, pattern.name, pattern.namespace].some(
      p => p !== undefined && isDenyPattern(p),
    );
    if (!fieldsMatch(pattern, destination)) continue;
    if (deny) return false;
    allowed = true;
  }
  return allowed;
}
