import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IdentitySpec } from '../scenario/identitySchema';
import { JwtClaims, SigningKey, generateSigningKey, signJwt, verifyJwt } from './jwt';

/*
 * The sandbox's OpenID Connect provider: users and clients from the
 * scenario, one RS256 signing key (new on every start), the authorization
 * code flow with PKCE, refresh tokens and userinfo. HTTP is idpRoutes.ts.
 */

export type IdpClient = IdentitySpec['clients'][number];

export interface IdpUser {
  username: string;
  email: string;
  name: string;
  groups: string[];
}

/** An OAuth 2.0 error answer (RFC 6749 5.2): `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(readonly status: number, readonly error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** What a token endpoint answers. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  id_token: string;
  refresh_token: string;
  scope: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  username: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  expiresAt: number;
}

interface Grant {
  clientId: string;
  username: string;
  scope: string;
  /** ms since the epoch; refresh tokens do not expire */
  expiresAt?: number;
}

const CODE_TTL_MS = 60_000;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const opaque = () => randomBytes(24).toString('base64url');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class IdentityProvider {
  readonly users = new Map<string, IdpUser>();
  readonly clients = new Map<string, IdpClient>();
  readonly ttlSeconds: number;
  private readonly key: SigningKey = generateSigningKey();
  private issuerUrl: string;
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  /** Every token and code handed out (Sandbox.secretValues). */
  private readonly issued = new Set<string>();

  constructor(private readonly spec: IdentitySpec) {
    for (const user of spec.users) {
      this.users.set(user.username, {
        username: user.username,
        email: user.email,
        name: user.name ?? user.username,
        groups: user.groups ?? [],
      });
    }
    for (const client of spec.clients) this.clients.set(client.clientId, client);
    this.ttlSeconds = spec.idTokenTtlSeconds ?? 3600;
    this.issuerUrl = spec.issuer ?? 'http://127.0.0.1/idp';
  }

  get issuer(): string {
    return this.issuerUrl;
  }

  /** The sandbox listens: the issuer is `<baseUrl>/idp` unless the scenario names one. */
  setBaseUrl(baseUrl: string) {
    if (!this.spec.issuer) this.issuerUrl = `${baseUrl}/idp`;
  }

  jwks() {
    return { keys: [this.key.jwk] };
  }

  /** The endpoints, under the issuer. */
  discovery() {
    const base = this.issuer;
    return {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      code_challenge_methods_supported: ['S256', 'plain'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'profile', 'email', 'groups', 'offline_access'],
      claims_supported: [
        'iss',
        'sub',
        'aud',
        'iat',
        'exp',
        'nonce',
        'email',
        'email_verified',
        'name',
        'preferred_username',
        'groups',
      ],
    };
  }

  /** The client of an authorization request, with its redirect URI checked; undefined when not valid. */
  checkAuthorizationClient(clientId: string | null, redirectUri: string | null): string | undefined {
    const client = clientId ? this.clients.get(clientId) : undefined;
    if (!client) return `unknown client_id ${JSON.stringify(clientId ?? '')}`;
    if (!redirectUri) return 'redirect_uri is required';
    if (client.redirectUris) {
      return client.redirectUris.includes(redirectUri) ? undefined : `redirect_uri ${redirectUri} is not registered`;
    }
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      return `redirect_uri ${redirectUri} is not a URL`;
    }
    if (!['http:', 'https:'].includes(url.protocol) || !LOCAL_HOSTS.has(url.hostname)) {
      return `redirect_uri ${redirectUri} must be an http(s) URL on localhost or 127.0.0.1 (sandbox identity provider)`;
    }
    return undefined;
  }

  /** The user signed in: a one-time code for the client. */
  createCode(request: Omit<PendingCode, 'expiresAt'>): string {
    const code = opaque();
    this.codes.set(code, { ...request, expiresAt: Date.now() + CODE_TTL_MS });
    this.issued.add(code);
    return code;
  }

  /** Client authentication at the token endpoint (basic or post); a public client needs none. */
  authenticateClient(clientId: string | undefined, secret: string | undefined): IdpClient {
    const client = clientId ? this.clients.get(clientId) : undefined;
    if (!client) throw new OAuthError(401, 'invalid_client', 'client authentication failed: unknown client');
    if (client.clientSecret !== undefined && (secret === undefined || !sameSecret(secret, client.clientSecret))) {
      throw new OAuthError(401, 'invalid_client', 'client authentication failed: wrong client secret');
    }
    return client;
  }

  /** grant_type=authorization_code */
  exchangeCode(client: IdpClient, code: string, redirectUri: string | undefined, verifier: string | undefined) {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt < Date.now()) {
      throw new OAuthError(400, 'invalid_grant', 'the authorization code is invalid, expired or already used');
    }
    if (pending.clientId !== client.clientId) {
      throw new OAuthError(400, 'invalid_grant', 'the authorization code was issued to another client');
    }
    if (redirectUri !== pending.redirectUri) {
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    if (pending.codeChallenge !== undefined) {
      if (!verifier) throw new OAuthError(400, 'invalid_grant', 'code_verifier is required (PKCE)');
      const computed =
        pending.codeChallengeMethod === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
      if (computed !== pending.codeChallenge) {
        throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE)');
      }
    }
    return this.tokens(client.clientId, pending.username, pending.scope, pending.nonce);
  }

  /** grant_type=refresh_token: new ID and access tokens; the refresh token stays valid. */
  refresh(client: IdpClient, refreshToken: string): TokenResponse {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.clientId !== client.clientId) {
      throw new OAuthError(400, 'invalid_grant', 'the refresh token is invalid or was issued to another client');
    }
    if (!this.users.has(grant.username)) throw new OAuthError(400, 'invalid_grant', 'the user no longer exists');
    return this.tokens(client.clientId, grant.username, grant.scope, undefined, refreshToken);
  }

  private tokens(clientId: string, username: string, scope: string, nonce?: string, refreshToken?: string) {
    const accessToken = opaque();
    const grant: Grant = { clientId, username, scope };
    this.pruneAccessTokens();
    this.accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + this.ttlSeconds * 1000 });
    const refresh = refreshToken ?? opaque();
    if (!refreshToken) this.refreshTokens.set(refresh, grant);
    const idToken = this.mintIdToken(username, { audience: clientId, nonce });
    this.issued.add(accessToken).add(refresh);
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.ttlSeconds,
      id_token: idToken,
      refresh_token: refresh,
      scope,
    };
    return response;
  }

  private pruneAccessTokens() {
    if (this.accessTokens.size < 10_000) return;
    const now = Date.now();
    for (const [token, grant] of this.accessTokens) if ((grant.expiresAt ?? 0) < now) this.accessTokens.delete(token);
  }

  /** The user's claims (userinfo, ID tokens). */
  userClaims(user: IdpUser) {
    return {
      sub: user.username,
      email: user.email,
      email_verified: true,
      name: user.name,
      preferred_username: user.username,
      groups: user.groups,
    };
  }

  /** GET /userinfo: the claims of an access token's user. */
  userinfo(accessToken: string | undefined) {
    const grant = accessToken ? this.accessTokens.get(accessToken) : undefined;
    const user = grant && this.users.get(grant.username);
    if (!grant || !user || (grant.expiresAt ?? 0) < Date.now()) {
      throw new OAuthError(401, 'invalid_token', 'the access token is invalid or expired');
    }
    return this.userClaims(user);
  }

  /** An ID token for a user, signed with the provider's key. */
  mintIdToken(username: string, options: { audience?: string; expiresInSeconds?: number; nonce?: string } = {}): string {
    const user = this.users.get(username);
    if (!user) throw new OAuthError(400, 'invalid_request', `unknown user ${JSON.stringify(username)}`);
    const now = Math.floor(Date.now() / 1000);
    const claims: JwtClaims = {
      iss: this.issuer,
      aud: options.audience ?? this.spec.clients[0].clientId,
      iat: now,
      exp: now + (options.expiresInSeconds ?? this.ttlSeconds),
      ...(options.nonce !== undefined ? { nonce: options.nonce } : {}),
      ...this.userClaims(user),
    };
    const token = signJwt(claims, this.key);
    this.issued.add(token);
    return token;
  }

  /** Verifies an ID token of this provider for one of the audiences; throws JwtError. */
  verifyIdToken(token: string, audiences: string[]): JwtClaims {
    return verifyJwt(token, { keys: [this.key.jwk], issuer: this.issuer, audiences });
  }

  /** Client secrets and every token issued. */
  secretValues(): string[] {
    return [
      ...this.spec.clients.flatMap(c => (c.clientSecret ? [c.clientSecret] : [])),
      ...this.issued,
    ];
  }
}
