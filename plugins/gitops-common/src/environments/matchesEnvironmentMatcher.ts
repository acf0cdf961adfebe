import type { ApplicationDestination, EnvironmentMatcher } from '../types';
import { matchesGlob } from './matchesGlob';

/**
 * Where an application deploys, as environment matchers see it.
 * @public
 */
export interface EnvironmentTarget {
  agentId: string;
  destination: ApplicationDestination;
  /** The destination cluster's name, when the agent knows it. */
  clusterName?: string;
}

/**
 * Whether a destination satisfies an environment matcher: every field the
 * matcher gives must match (globs with `*`). `cluster` matches when either
 * the destination's cluster name or `clusterName` matches; a missing value
 * is matched as the empty string (so only `*` matches it). A matcher that
 * gives no field matches nothing.
 * @public
 */
export function matchesEnvironmentMatcher(
  matcher: EnvironmentMatcher,
  target: EnvironmentTarget,
): boolean {
  const { cluster, server, namespace, agent } = matcher;
  if (
    cluster === undefined &&
    server === undefined &&
    namespace === undefined &&
    agent === undefined
  ) {
    return false;
  }
  if (cluster !== undefined) {
    const names = [target.destination.name, target.clusterName].filter(
      (n): n is string => n !== undefined,
    );
    const candidates = names.length > 0 ? names : [''];
    if (!candidates.some(name => matchesGlob(cluster, name))) {
      return false;
    }
  }
  if (
    server !== undefined &&
    !matchesGlob(server, target.destination.server ?? '')
  ) {
    return false;
  }
  if (
    namespace !== undefined &&
    !matchesGlob(namespace, target.destination.namespace ?? '')
  ) {
    return false;
  }
  if (agent !== undefined && !matchesGlob(agent, target.agentId)) {
    return false;
  }
  return true;
}
