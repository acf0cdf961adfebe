import { normalizeServer, ResolvedDestination } from './clusterDestinations';
import { DestinationPattern, globMatches, isDenyPattern } from './globMatch';

/** A server glob compared as servers are: normalized, its `!` kept. */
function serverGlob(glob: string): string {
  return isDenyPattern(glob)
    ? `!${normalizeServer(glob.slice(1))}`
    : normalizeServer(glob);
}

/** Whether a namespace glob matches every namespace (`*`, or none given). */
export function isCatchAllNamespace(glob: string | undefined): boolean {
  return glob === undefined || /^\*+$/.test(glob);
}

function isDeny(pattern: DestinationPattern): boolean {
  return [pattern.server, pattern.name, pattern.namespace].some(
    p => p !== undefined && isDenyPattern(p),
  );
}

/**
 * Whether a pattern's fields (their `!` ignored) match a resolved
 * destination: the cluster by its server or by any name the agent knows it
 * by, and the namespace.
 */
function fieldsMatch(
  pattern: DestinationPattern,
  destination: ResolvedDestination,
): boolean {
  const byServer =
    pattern.server !== undefined &&
    globMatches(serverGlob(pattern.server), destination.server);
  const byName =
    pattern.name !== undefined &&
    (destination.names.length
      ? destination.names.some(name => globMatches(pattern.name!, name))
      : /^!?\*+$/.test(pattern.name));
  const anyCluster = pattern.server === undefined && pattern.name === undefined;
  const namespace =
    pattern.namespace === undefined ||
    globMatches(pattern.namespace, destination.namespace);
  return (anyCluster || byServer || byName) && namespace;
}

/**
 * Whether destination patterns allow a resolved destination, as Argo CD
 * matches an AppProject's `destinations`: an allow pattern matches it, and
 * no deny pattern does.
 */
export function resolvedDestinationAllowed(
  patterns: DestinationPattern[],
  destination: ResolvedDestination,
): boolean {
  let allowed = false;
  for (const pattern of patterns) {
    if (!fieldsMatch(pattern, destination)) continue;
    if (isDeny(pattern)) return false;
    allowed = true;
  }
  return allowed;
}

/**
 * Whether a list claims the destination's namespace by name: an allow
 * pattern that is no catch-all namespace (`*`) matches it, and no deny
 * pattern does.
 */
export function listsClaim(
  patterns: DestinationPattern[],
  destination: ResolvedDestination,
): boolean {
  return (
    resolvedDestinationAllowed(patterns, destination) &&
    patterns.some(
      pattern =>
        !isDeny(pattern) &&
        !isCatchAllNamespace(pattern.namespace) &&
        fieldsMatch(pattern, destination),
    )
  );
}

/**
 * Whether every list allows the destination, and one of them by a pattern
 * that names its namespace (no catch-all `*`): a namespace a project allows
 * only through catch-alls is one no list of it names.
 */
export function allowedBeyondCatchAll(
  lists: Array<{ patterns: DestinationPattern[] }>,
  destination: ResolvedDestination,
): boolean {
  return (
    lists.length > 0 &&
    lists.every(l => resolvedDestinationAllowed(l.patterns, destination)) &&
    lists.some(l => listsClaim(l.patterns, destination))
  );
}
