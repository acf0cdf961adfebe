import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { JwtError, decodeJwt } from '../idp/jwt';
import { Caller } from '../state/types';
import { RbacPolicy, scopeValues } from './rbacPolicy';

/*
 * ID tokens of the sandbox's identity provider on an Argo CD agent with
 * `oidc`, as Argo CD takes them when Backstage and Argo CD trust the same
 * provider: the signature is checked against the provider's key, `aud`
 * must be one of `oidc.allowedAudiences`, and the user (`sub`, groups from
 * the RBAC `scopes`) is then held to the agent's RBAC policy.
 */

const policies = new WeakMap<SandboxAgent, RbacPolicy>();

/** The agent's RBAC policy (built-in roles only without `rbac`). */
export function rbacPolicyOf(agent: SandboxAgent): RbacPolicy {
  let policy = policies.get(agent);
  if (!policy) {
    policy = new RbacPolicy(agent.spec.rbac ?? {});
    policies.set(agent, policy);
  }
  return policy;
}

/**
 * The caller of a user's ID token; undefined when the token is not a JWT or
 * the agent trusts no identity provider (it is then an invalid token like
 * any other). A JWT that does not verify is refused 401 with the reason.
 */
export function userTokenCaller(agent: SandboxAgent, token: string): Caller | undefined {
  const idp = agent.idp;
  const decoded = decodeJwt(token);
  // Argo CD's own session tokens (iss argocd) are never ID tokens
  if (!idp || !agent.spec.oidc || !decoded || decoded.claims.iss === 'argocd') return undefined;
  let claims: Record<string, unknown>;
  try {
    claims = idp.verifyIdToken(token, agent.spec.oidc.allowedAudiences);
  } catch (error) {
    if (error instanceof JwtError) throw new ApiError(GrpcCode.Unauthenticated, `invalid session: ${error.message}`);
    throw error;
  }
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  if (!subject) throw new ApiError(GrpcCode.Unauthenticated, 'invalid session: the token has no sub claim');
  const policy = rbacPolicyOf(agent);
  return {
    subject,
    forbiddenProjects: [],
    readOnly: false,
    claims,
    rbac: (resource, action, object) => policy.enforceClaims(claims, resource, action, object),
  };
}

/** GET /api/v1/session/userinfo for a user: the groups its RBAC scopes read. */
export function userInfo(agent: SandboxAgent, caller: Caller) {
  return {
    loggedIn: true,
    username: caller.subject,
    iss: caller.claims?.iss,
    groups: scopeValues(caller.claims ?? {}, rbacPolicyOf(agent).scopes),
  };
}
