/**
 * Matches an application's destination to an environment. Every given field
 * must match; each is a glob where `*` stands for any run of characters.
 * @public
 */
export interface EnvironmentMatcher {
  /** Glob over the destination cluster name. */
  cluster?: string;
  /** Glob over the destination server URL. */
  server?: string;
  /** Glob over the destination namespace. */
  namespace?: string;
  /** Glob over the agent id. */
  agent?: string;
}

/**
 * One configured environment (`gitops.environments[]`).
 * @public
 */
export interface EnvironmentDefinition {
  name: string;
  title?: string;
  /** Position in the promotion order: lower comes first (dev before prod). */
  order: number;
  production?: boolean;
  matchers?: EnvironmentMatcher[];
}
