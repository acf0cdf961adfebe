import { InputError } from '@backstage/errors';
import type { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';

/**
 * How an agent decides operations as the signed-in user
 * (`gitops.agents[].userIdentity`).
 */
export type UserIdentityConfig =
  | {
      /** The user's OIDC ID token is the credential of their operations (Argo CD). */
      mode: 'forward-oidc-token';
      /** The issuer the agent trusts (its `oidc.config`'s `issuer`). */
      issuer: string;
      /** The audiences the token may carry (Argo CD's `allowedAudiences`); any when empty. */
      audiences: string[];
      sharedCredentialUsers: string[];
    }
  | {
      /** The agent's access control is asked about the user first (Harness). */
      mode: 'harness-acl';
      /** The user's principal: their catalog email (default) or entity name. */
      principal: 'email' | 'entity-name';
      /** A User entity annotation holding the principal, used where present. */
      principalAnnotation?: string;
      sharedCredentialUsers: string[];
    };

/** The modes `userIdentity.mode` may name. */
export const USER_IDENTITY_MODES = ['forward-oidc-token', 'harness-acl'];

/**
 * An agent's `userIdentity` block, checked; undefined when the agent uses
 * its shared credential for everyone (the default).
 */
export function readUserIdentityConfig(
  agent: GitOpsAgentConfig,
): UserIdentityConfig | undefined {
  const block = agent.config.getOptionalConfig('userIdentity');
  if (!block) return undefined;
  const where = `gitops.agents[${agent.id}].userIdentity`;
  const mode = block.getString('mode');
  const sharedCredentialUsers =
    block.getOptionalStringArray('sharedCredentialUsers') ?? [];
  for (const ref of sharedCredentialUsers) {
    if (!/^user:[^/]+\/.+$/.test(ref)) {
      throw new InputError(
        `${where}.sharedCredentialUsers: '${ref}' is not a user entity ref (user:<namespace>/<name>)`,
      );
    }
  }
  if (mode === 'forward-oidc-token') {
    const issuer = block.getString('issuer').replace(/\/+$/, '');
    if (!/^https?:\/\//.test(issuer)) {
      throw new InputError(
        `${where}.issuer must be the identity provider's http(s) issuer URL, not '${issuer}'`,
      );
    }
    const audience = block.getOptional('audience');
    let audiences: string[] = [];
    if (Array.isArray(audience)) audiences = block.getStringArray('audience');
    else if (audience !== undefined) audiences = [block.getString('audience')];
    return { mode, issuer, audiences, sharedCredentialUsers };
  }
  if (mode === 'harness-acl') {
    const principal = block.getOptionalString('principal') ?? 'email';
    if (principal !== 'email' && principal !== 'entity-name') {
      throw new InputError(
        `${where}.principal must be 'email' or 'entity-name', not '${principal}'`,
      );
    }
    return {
      mode,
      principal,
      principalAnnotation: block.getOptionalString('principalAnnotation'),
      sharedCredentialUsers,
    };
  }
  throw new InputError(
    `${where}.mode must be one of ${USER_IDENTITY_MODES.join(
      ', ',
    )}, not '${mode}'`,
  );
}
