import {
  AuthService,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { Entity } from '@backstage/catalog-model';
import { AuthenticationError, InputError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  type AgentUser,
  type GitOpsAgentConfig,
  type GitOpsProvider,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';
import { OidcTokenVerifier, VerifiedIdToken } from './OidcTokenVerifier';
import {
  readUserIdentityConfig,
  UserIdentityConfig,
} from './userIdentityConfig';

/**
 * The HTTP header that carries the signed-in user's OIDC ID token to the
 * operations of agents that decide as the user.
 */
export const USER_TOKEN_HEADER = 'x-gitops-user-token';

/** How an operation reaches an agent: as the user, or with its credential. */
export type AgentIdentityKind =
  | 'forwarded-oidc-token'
  | 'harness-acl'
  | 'shared-credential';

const IDENTITY_KIND: Record<UserIdentityConfig['mode'], AgentIdentityKind> = {
  'forward-oidc-token': 'forwarded-oidc-token',
  'harness-acl': 'harness-acl',
};

function userEntityRef(credentials: BackstageCredentials): string | undefined {
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
  };
  return principal.type === 'user' ? principal.userEntityRef : undefined;
}

function sameText(a: unknown, b: unknown): boolean {
  return (
    typeof a === 'string' &&
    typeof b === 'string' &&
    a.toLowerCase() === b.toLowerCase()
  );
}

/**
 * Who an operation on an agent is made as. Where an agent is configured to
 * decide as the signed-in user (`userIdentity`), the user's ID token is
 * verified against the issuer the agent trusts and matched to the Backstage
 * user (the catalog User's email, else its name), or the user's principal
 * is read from the catalog for the agent's access control; a missing,
 * expired or foreign token is a 401 and never falls back to the agent's
 * shared credential. Nothing of a token is kept past the call.
 */
export class AgentUserIdentity {
  private readonly configs = new Map<string, UserIdentityConfig>();

  constructor(
    private readonly services: {
      agents: GitOpsAgentConfig[];
      provider: (agentId: string) => GitOpsProvider;
      catalog: Pick<CatalogService, 'getEntityByRef'>;
      auth: Pick<AuthService, 'getOwnServiceCredentials'>;
      verifier?: OidcTokenVerifier;
    },
  ) {
    for (const agent of services.agents) {
      const config = readUserIdentityConfig(agent);
      if (!config) continue;
      const provider = services.provider(agent.id);
      const modes = hasProviderCapability(provider, 'userIdentity')
        ? provider.userIdentityModes
        : [];
      if (!modes.includes(config.mode)) {
        throw new InputError(
          `gitops.agents[${agent.id}].userIdentity.mode '${
            config.mode
          }' is not one kind ${agent.kind} supports (${
            modes.length ? modes.join(', ') : 'none'
          })`,
        );
      }
      this.configs.set(agent.id, config);
    }
  }

  private get verifier(): OidcTokenVerifier {
    return (this.services.verifier ??= new OidcTokenVerifier());
  }

  /** How the caller's operations reach the agent. */
  kind(credentials: BackstageCredentials, agentId: string): AgentIdentityKind {
    const config = this.configs.get(agentId);
    if (!config) return 'shared-credential';
    const user = userEntityRef(credentials);
    if (user && config.sharedCredentialUsers.includes(user)) {
      return 'shared-credential';
    }
    return IDENTITY_KIND[config.mode];
  }

  /**
   * The user an operation on `agentId` is made as, or undefined where the
   * agent's shared credential serves the caller. `userToken` is the
   * `X-GitOps-User-Token` the request carried.
   */
  async forOperation(
    credentials: BackstageCredentials,
    agentId: string,
    userToken: string | undefined,
  ): Promise<AgentUser | undefined> {
    const config = this.configs.get(agentId);
    if (this.kind(credentials, agentId) === 'shared-credential' || !config) {
      return undefined;
    }
    const entityRef = userEntityRef(credentials);
    if (!entityRef) {
      throw new AuthenticationError(
        `Agent ${agentId} decides operations as the signed-in user; a backend service cannot operate there`,
      );
    }
    const entity = await this.userEntity(entityRef);
    if (config.mode === 'harness-acl') {
      return {
        entityRef,
        principal: this.principal(config, entityRef, entity),
      };
    }
    if (!userToken) {
      throw new AuthenticationError(
        `Agent ${agentId} decides operations as you, and your sign-in token is missing (header ${USER_TOKEN_HEADER}); sign in again through single sign-on`,
      );
    }
    const claims = await this.verifier.verify(userToken, config);
    this.assertSameUser(claims, entityRef, entity);
    return { entityRef, idToken: userToken };
  }

  /** The catalog's User entity of the caller (read as this plugin). */
  private async userEntity(entityRef: string): Promise<Entity | undefined> {
    return this.services.catalog.getEntityByRef(entityRef, {
      credentials: await this.services.auth.getOwnServiceCredentials(),
    });
  }

  /** The token must name the Backstage user: by email, else by name. */
  private assertSameUser(
    claims: VerifiedIdToken,
    entityRef: string,
    entity: Entity | undefined,
  ): void {
    const email = (entity?.spec?.profile as { email?: string } | undefined)
      ?.email;
    const name = entity?.metadata.name ?? entityRef.split('/').pop();
    const same = email
      ? sameText(claims.email, email)
      : sameText(claims.preferred_username ?? claims.sub, name);
    if (!same) {
      const who = claims.email ?? claims.preferred_username ?? claims.sub;
      throw new AuthenticationError(
        `Your sign-in token is for ${
          who ?? 'another user'
        }, but you are signed in to Backstage as ${entityRef}; sign in again through single sign-on`,
      );
    }
  }

  private principal(
    config: Extract<UserIdentityConfig, { mode: 'harness-acl' }>,
    entityRef: string,
    entity: Entity | undefined,
  ): string {
    const annotated = config.principalAnnotation
      ? entity?.metadata.annotations?.[config.principalAnnotation]
      : undefined;
    if (annotated) return annotated;
    if (config.principal === 'entity-name') {
      return entity?.metadata.name ?? entityRef.split('/').pop()!;
    }
    const email = (entity?.spec?.profile as { email?: string } | undefined)
      ?.email;
    if (!email) {
      throw new AuthenticationError(
        `Harness decides operations as you, but ${entityRef} has no email in the catalog to find your Harness user by`,
      );
    }
    return email;
  }
}
