import type { GitOpsApplicationSet } from '@gitops-suite/plugin-gitops-common';

/**
 * Options every provider call accepts.
 * @public
 */
export interface ProviderCallOptions {
  /** Aborts the upstream request (per-agent timeout, client gone). */
  signal?: AbortSignal;
  /**
   * The signed-in user an operation is made for, on an agent configured to
   * decide as that user (`gitops.agents[].userIdentity`): the agent's own
   * access control (Argo CD RBAC, Harness access control) applies to the
   * user, never only the shared credential's.
   */
  user?: AgentUser;
}

/**
 * The signed-in user an agent call is made for, as verified by the suite.
 * @public
 */
export interface AgentUser {
  /** The Backstage user, e.g. `user:default/ada`. */
  entityRef: string;
  /**
   * The user's OIDC ID token, verified against its issuer and matched to
   * the Backstage user: sent as the agent credential of this one call
   * (Argo CD accepts it when its OIDC config trusts the issuer). Never
   * logged, stored, or kept beyond the request.
   */
  idToken?: string;
  /**
   * The user's principal in the agent's own access control (Harness: the
   * user identifier its ACL is asked about).
   */
  principal?: string;
}

/**
 * What a user may be asked to be allowed to do on an application by the
 * agent's own access control.
 * @public
 */
export type AgentAccessAction =
  | 'refresh'
  | 'sync'
  | 'rollback'
  | 'terminate'
  | 'action';

/**
 * The agent's own answer for one action: allowed, or refused with the
 * agent's reason (e.g. Argo CD's `permission denied: ...`).
 * @public
 */
export interface AgentAccessDecision {
  allowed: boolean;
  reason?: string;
}

/**
 * Which applications to list. Every given restriction applies (AND); an
 * empty query lists every application the agent's credential may see.
 * @public
 */
export interface ApplicationListQuery {
  /** Kubernetes label selector over Application labels. */
  selector?: string;
  /** Argo CD projects. */
  projects?: string[];
  /** One application by name. */
  name?: string;
  /** Namespace of apps in any namespace. */
  appNamespace?: string;
  /**
   * Ask only for the fields a list view needs (Argo CD's `fields`
   * parameter). Lean applications carry no history nor operation details.
   */
  lean?: boolean;
}

/**
 * Names one application on an agent.
 * @public
 */
export interface ApplicationRef {
  name: string;
  /** The Application's own namespace (apps in any namespace). */
  namespace?: string;
  project?: string;
}

/**
 * An ApplicationSet as an agent's API addresses it: by name, and by the
 * identifier the agent gave it where its API reads sets by identifier only
 * (Harness GitOps; the fleet state's sets carry it as `id`).
 * @public
 */
export interface ApplicationSetRef {
  name: string;
  id?: string;
}

/**
 * What `createApplicationSet` answers.
 * @public
 */
export interface ApplicationSetCreateResult {
  applicationSet: GitOpsApplicationSet;
  /** Whether the agent was only asked to validate (dry run). */
  dryRun: boolean;
}

/**
 * Where an Argo CD AppProject lets its applications deploy from and to, and
 * who owns it: what the trust model reads from the agent.
 * @public
 */
export interface GitOpsProjectInfo {
  name: string;
  /** `spec.destinations`: `server`, `name` and `namespace` globs (`!` denies). */
  destinations: Array<{ server?: string; name?: string; namespace?: string }>;
  /** `spec.sourceRepos` globs (`!` denies). */
  sourceRepos: string[];
  /**
   * The Backstage owners the project's `gitops/owner` annotation names
   * (comma-separated entity refs, `group` and `default` when not given).
   */
  owners: string[];
}

/**
 * The raw answer of a read-only passthrough call, for the guarded proxy.
 * The body is what the agent sent; the proxy scrubs it before it leaves.
 * @public
 */
export interface RawAgentResponse {
  status: number;
  contentType?: string;
  body: unknown;
}
