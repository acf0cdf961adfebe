import type { EnvironmentDefinition } from '../types';
import {
  EnvironmentTarget,
  matchesEnvironmentMatcher,
} from './matchesEnvironmentMatcher';

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() ? value.trim() : undefined;
}

function serverHost(server: string | undefined): string | undefined {
  const trimmed = nonEmpty(server);
  if (!trimmed) {
    return undefined;
  }
  try {
    return new URL(trimmed).host || trimmed;
  } catch {
    return trimmed;
  }
}

/**
 * The configured environment a name stands for: the one whose name or title
 * equals it, ignoring case (`Development`, `DEV` and `dev` are all `dev` when
 * `dev` is titled Development); `undefined` when none does.
 *
 * @public
 */
export function configuredEnvironmentName(
  value: string,
  environments: readonly EnvironmentDefinition[],
): string | undefined {
  const wanted = value.trim().toLocaleLowerCase('en');
  return environments.find(
    environment =>
      environment.name.toLocaleLowerCase('en') === wanted ||
      environment.title?.toLocaleLowerCase('en') === wanted,
  )?.name;
}

/**
 * Which environment an application belongs to, in order:
 *
 * 1. the environment its labels declare, as its provider reads them
 *    (`gitops/environment`, or a provider's own label such as Harness's
 *    environment reference), as the configured environment it names (by
 *    name or title, ignoring case; see `configuredEnvironmentName()`),
 *    else as written;
 * 2. the first environment, in configuration order, with a matcher that
 *    matches its destination (see `matchesEnvironmentMatcher()`);
 * 3. its destination cluster name: `destination.name`, else `clusterName`,
 *    else the destination server's host (with port), else `unknown`.
 *
 * @public
 */
export function resolveEnvironment(
  app: EnvironmentTarget & { declaredEnvironment?: string },
  environments: readonly EnvironmentDefinition[],
): string {
  const labelled = nonEmpty(app.declaredEnvironment);
  if (labelled) {
    return configuredEnvironmentName(labelled, environments) ?? labelled;
  }
  const matched = environments.find(environment =>
    environment.matchers?.some(matcher =>
      matchesEnvironmentMatcher(matcher, app),
    ),
  );
  if (matched) {
    return matched.name;
  }
  return (
    nonEmpty(app.destination.name) ??
    nonEmpty(app.clusterName) ??
    serverHost(app.destination.server) ??
    'unknown'
  );
}
