import {
  AuthenticationError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  JWTPayload,
  jwtVerify,
} from 'jose';

/** The claims of a verified ID token the suite reads. */
export interface VerifiedIdToken extends JWTPayload {
  email?: string;
  preferred_username?: string;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** What asks the user to sign in again, naming what is wrong with the token. */
function signInAgain(problem: string): AuthenticationError {
  return new AuthenticationError(
    `Your sign-in token ${problem}; sign in again through single sign-on`,
  );
}

/**
 * Verifies OIDC ID tokens against their issuer's published keys (the
 * discovery document's `jwks_uri`, fetched once per issuer, keys cached and
 * refreshed by jose): signature, issuer, audience, expiry. A failure is an
 * AuthenticationError that names the problem and never the token.
 */
export class OidcTokenVerifier {
  private readonly keySets = new Map<string, Promise<KeySet>>();

  constructor(private readonly options: { timeoutMs?: number } = {}) {}

  async verify(
    token: string,
    expected: { issuer: string; audiences: string[] },
  ): Promise<VerifiedIdToken> {
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      throw signInAgain('is not a JWT');
    }
    if (unverified.iss !== expected.issuer) {
      throw signInAgain(
        `was issued by ${
          typeof unverified.iss === 'string' ? unverified.iss : 'no issuer'
        }, not by ${expected.issuer}, the identity provider this agent trusts`,
      );
    }
    const keys = await this.keySet(expected.issuer);
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: expected.issuer,
        ...(expected.audiences.length && { audience: expected.audiences }),
        clockTolerance: 30,
      });
      return payload as VerifiedIdToken;
    } catch (error) {
      throw this.verificationError(error, expected);
    }
  }

  private verificationError(
    error: unknown,
    expected: { issuer: string; audiences: string[] },
  ): Error {
    if (error instanceof joseErrors.JWTExpired) {
      return signInAgain('has expired');
    }
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      return error.claim === 'aud'
        ? signInAgain(
            `is not meant for this portal (its audience is none of ${expected.audiences.join(
              ', ',
            )})`,
          )
        : signInAgain(`is not valid (${error.claim}: ${error.reason})`);
    }
    if (
      error instanceof joseErrors.JWSSignatureVerificationFailed ||
      error instanceof joseErrors.JWKSNoMatchingKey
    ) {
      return signInAgain(`is not signed by ${expected.issuer}`);
    }
    if (error instanceof joseErrors.JOSEError) {
      return signInAgain(`is not valid (${error.code})`);
    }
    return error as Error;
  }

  /** The issuer's key set, from its discovery document. */
  private keySet(issuer: string): Promise<KeySet> {
    let keys = this.keySets.get(issuer);
    if (!keys) {
      keys = this.discover(issuer);
      this.keySets.set(issuer, keys);
      // a failed discovery is tried again on the next token
      keys.catch(() => this.keySets.delete(issuer));
    }
    return keys;
  }

  private async discover(issuer: string): Promise<KeySet> {
    const url = `${issuer}/.well-known/openid-configuration`;
    const timeoutMs = this.options.timeoutMs ?? 5000;
    let document: { jwks_uri?: unknown; issuer?: unknown };
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch (error) {
      throw new ServiceUnavailableError(
        `The identity provider ${issuer} could not be asked for its keys (${
          (error as Error).message
        }); try again shortly`,
      );
    }
    if (document.issuer !== issuer || typeof document.jwks_uri !== 'string') {
      throw new ServiceUnavailableError(
        `The identity provider at ${url} does not describe the issuer ${issuer} with a jwks_uri`,
      );
    }
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      timeoutDuration: timeoutMs,
    });
  }
}
