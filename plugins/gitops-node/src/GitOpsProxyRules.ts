/**
 * One agent API path the guarded proxy forwards (a GET free of side effects),
 * the query parameters allowed on it, and those of them a caller must give
 * (the agent's API requires them and the provider cannot choose them for the
 * caller). Build one with {@link gitopsProxyRoute}.
 * @public
 */
export interface GitOpsProxyRoute {
  /** The whole path, anchored. */
  path: RegExp;
  /** Every query parameter the path takes, the required ones included. */
  query: readonly string[];
  /** The parameters a caller must give; the proxy refuses a call without them. */
  required?: readonly string[];
}

/**
 * What the guarded proxy may forward to an agent, as its provider declares
 * it. Anything not listed is refused before it reaches the agent.
 * @public
 */
export interface GitOpsProxyRules {
  /** The paths forwarded; a path no route matches is refused. */
  routes: readonly GitOpsProxyRoute[];
  /**
   * Query parameters with a side effect on the agent (Argo CD reconciles on
   * `refresh`), each with what the effect is: refused on every route, the
   * refusal naming the effect.
   */
  sideEffects?: Readonly<Record<string, string>>;
}

/**
 * One path segment in a {@link gitopsProxyRoute} pattern: one path element
 * of safe characters (no `/`, no encoding).
 * @public
 */
export const GITOPS_PROXY_SEGMENT = '[A-Za-z0-9._:~-]+';

/**
 * A proxy route for `pattern` (a regular expression source over the whole
 * path; {@link GITOPS_PROXY_SEGMENT} for a variable segment), taking the
 * `query` parameters and requiring the `required` ones.
 * @public
 */
export function gitopsProxyRoute(
  pattern: string,
  query: readonly string[] = [],
  required: readonly string[] = [],
): GitOpsProxyRoute {
  return {
    path: new RegExp(`^${pattern}$`),
    query: [...query, ...required],
    ...(required.length ? { required } : {}),
  };
}
