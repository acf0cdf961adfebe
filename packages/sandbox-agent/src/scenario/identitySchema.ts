import { z } from 'zod';

/*
 * The scenario's identity parts: the sandbox's OIDC identity provider
 * (`identity:` at the top), and per agent what trusts it: an Argo CD agent's
 * `oidc` (which ID tokens it accepts) and `rbac` (argocd-rbac-cm), a Harness
 * agent's `accessControl` (what Harness's access control grants whom).
 */

const clientSchema = z
  .object({
    clientId: z.string().min(1),
    /** Omitted: a public client (no client authentication; PKCE still applies when sent). */
    clientSecret: z.string().min(8).optional(),
    /**
     * Redirect URIs the client may use; default: any http(s) URL on
     * localhost, 127.0.0.1 or [::1] (sandbox only).
     */
    redirectUris: z.array(z.string().url()).optional(),
  })
  .strict();

const userSchema = z
  .object({
    /** The login name, and the ID token's `sub` and `preferred_username`. */
    username: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9._@-]+$/, 'must be letters, digits, ".", "_", "@" or "-"'),
    email: z.string().email(),
    /** Display name (`name` claim; default: the username). */
    name: z.string().optional(),
    groups: z.array(z.string().min(1)).optional(),
  })
  .strict();

/** The identity provider the sandbox serves at `/idp`. */
export const identitySchema = z
  .object({
    /** The issuer (default: `<the sandbox's URL>/idp`). */
    issuer: z.string().url().optional(),
    /** Lifetime of ID and access tokens in seconds (default 3600). */
    idTokenTtlSeconds: z.number().int().min(1).max(7 * 24 * 3600).optional(),
    clients: z.array(clientSchema).min(1),
    users: z.array(userSchema).min(1),
  })
  .strict();
export type IdentitySpec = z.infer<typeof identitySchema>;

/** Argo CD's `oidc.config` part that matters here: whose ID tokens it accepts. */
export const agentOidcSchema = z
  .object({
    /** Audiences (`aud`) of ID tokens the agent accepts (Argo CD's `oidc.config.allowedAudiences`). */
    allowedAudiences: z.array(z.string().min(1)).min(1),
  })
  .strict();

/** Argo CD's argocd-rbac-cm, applied to the users of ID tokens. */
export const agentRbacSchema = z
  .object({
    /** `policy.csv`: `p, subject, resource, action, object, effect` and `g, group, role` lines. */
    policyCsv: z.string(),
    /** `policy.default`: a role every user has, e.g. `role:readonly` (default: none). */
    policyDefault: z.string().optional(),
    /** `scopes`: the token claims holding the user's groups (default `[groups]`). */
    scopes: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .strict();

/** What Harness's access control grants one principal on the agent's GitOps applications. */
export const accessControlEntrySchema = z
  .object({
    /** The principal's identifier as the ACL request names it (an email for users). */
    principal: z.string().min(1),
    principalType: z.enum(['USER', 'USER_GROUP', 'SERVICE_ACCOUNT', 'API_KEY']).optional(),
    /** Permissions, e.g. `gitops_gitopsapp_view`, `gitops_gitopsapp_edit`, `gitops_gitopsapp_sync`. */
    permissions: z.array(z.string().min(1)),
    /** Globs of application names the permissions hold for (default `['*']`). */
    applications: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type AccessControlEntry = z.infer<typeof accessControlEntrySchema>;

/** The per-agent fields (spread into the agent schema). */
export const agentIdentityFields = {
  /** Argo CD: accept ID tokens of the sandbox's identity provider. */
  oidc: agentOidcSchema.optional(),
  /** Argo CD: the RBAC policy users of ID tokens are held to. */
  rbac: agentRbacSchema.optional(),
  /** Harness: what `POST /authz/api/acl` answers. */
  accessControl: z.array(accessControlEntrySchema).optional(),
};
