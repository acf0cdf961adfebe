import { InputError } from '@backstage/errors';
import {
  GitOpsProvider,
  GitOpsProxyRoute,
} from '@gitops-suite/plugin-gitops-node';

/*
 * The guarded proxy's allow-list is what each provider declares
 * (`GitOpsProvider.proxy`: its read-only paths, the query parameters each
 * takes, the parameters with side effects), plus the operator's extra paths
 * (`gitops.proxy.allowedPaths`), which take no query parameters. Anything
 * else is refused before it reaches the agent.
 */

/** The provider's routes and side effects, the allow-list's input. */
type ProxiedProvider = Pick<GitOpsProvider, 'proxy'>;

/** The route that allows a GET of `path` on the provider's agent, if any. */
export function findProxyRoute(
  provider: ProxiedProvider,
  path: string,
  extra: RegExp[] = [],
): GitOpsProxyRoute | undefined {
  return (
    provider.proxy.routes.find(r => r.path.test(path)) ??
    extra.filter(re => re.test(path)).map(re => ({ path: re, query: [] }))[0]
  );
}

/** Whether the proxy may forward a GET of `path` to the provider's agent. */
export function isAllowedProxyPath(
  provider: ProxiedProvider,
  path: string,
  extra: RegExp[] = [],
): boolean {
  return findProxyRoute(provider, path, extra) !== undefined;
}

/**
 * Refuses, naming the parameter, any query parameter that is not allowed on
 * the route: one with a side effect says what it would do; any other says
 * which parameters the path takes; and a required one that is missing. Nothing
 * refused reaches the agent.
 */
export function checkProxyQuery(
  provider: ProxiedProvider,
  allowed: GitOpsProxyRoute,
  path: string,
  query: URLSearchParams,
): void {
  const sideEffects = provider.proxy.sideEffects ?? {};
  for (const name of new Set(query.keys())) {
    const effect = Object.hasOwn(sideEffects, name)
      ? sideEffects[name]
      : undefined;
    if (effect) {
      throw new InputError(
        `The GitOps proxy only forwards reads without side effects: query parameter '${name}' ${effect}`,
      );
    }
    if (!allowed.query.includes(name)) {
      throw new InputError(
        `The GitOps proxy does not forward query parameter '${name}' on ${path}${
          allowed.query.length
            ? `; it takes ${allowed.query.join(', ')}`
            : '; it takes none'
        }`,
      );
    }
  }
  const missing = (allowed.required ?? []).filter(name => !query.has(name));
  if (missing.length) {
    throw new InputError(
      `The GitOps proxy needs query parameter${
        missing.length > 1 ? 's' : ''
      } ${missing.map(name => `'${name}'`).join(', ')} on ${path}`,
    );
  }
}
