import { KeyObject, createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/*
 * RS256 JSON Web Tokens with node:crypto: an RSA signing key and its JWK,
 * signing, and verification against a set of public JWKs.
 */

export type JwtClaims = Record<string, unknown>;

/** A public key as a JWKS lists it. */
export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  use: 'sig';
  alg: 'RS256';
}

/** An RSA key pair that signs ID tokens. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: PublicJwk;
}

/** A new 2048-bit RSA signing key; its kid is the JWK thumbprint (RFC 7638). */
export function generateSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const kid = createHash('sha256').update(JSON.stringify({ e, kty: 'RSA', n })).digest('base64url');
  return { kid, privateKey, jwk: { kty: 'RSA', n, e, kid, use: 'sig', alg: 'RS256' } };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs claims as an RS256 JWT with the key's kid in the header. */
export function signJwt(claims: JwtClaims, key: SigningKey): string {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

/** A token that does not verify; `reason` says why, in the words OIDC libraries use. */
export class JwtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'issuer' | 'audience' | 'expired' | 'not-yet-valid',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

/** The header and claims of a JWT, not verified; undefined when it is not one. */
export function decodeJwt(token: string): { header: JwtClaims; claims: JwtClaims } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (!header || typeof header !== 'object' || !claims || typeof claims !== 'object') return undefined;
    return { header, claims };
  } catch {
    return undefined;
  }
}

export interface VerifyOptions {
  /** The public keys the token may be signed with. */
  keys: PublicJwk[];
  issuer: string;
  /** Accepted audiences: one of them must be in `aud`. */
  audiences: string[];
  /** Seconds since the epoch (default: now). */
  now?: number;
  /** Clock skew allowed on exp and nbf, in seconds (default 0). */
  leewaySeconds?: number;
}

const publicKeys = new WeakMap<PublicJwk, KeyObject>();

function publicKeyOf(jwk: PublicJwk): KeyObject {
  let key = publicKeys.get(jwk);
  if (!key) {
    key = createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' });
    publicKeys.set(jwk, key);
  }
  return key;
}

/** Verifies an RS256 ID token: signature, issuer, audience, exp and nbf; answers its claims. */
export function verifyJwt(token: string, options: VerifyOptions): JwtClaims {
  const decoded = decodeJwt(token);
  if (!decoded) throw new JwtError('malformed', 'malformed jwt');
  const { header, claims } = decoded;
  if (claims.iss !== options.issuer) {
    throw new JwtError(
      'issuer',
      `id token issued by a different provider, expected ${JSON.stringify(options.issuer)} got ${JSON.stringify(
        claims.iss ?? '',
      )}`,
    );
  }
  if (header.alg !== 'RS256') throw new JwtError('signature', `unsupported signing algorithm ${String(header.alg)}`);
  const jwk = options.keys.find(k => k.kid === header.kid) ?? (header.kid === undefined ? options.keys[0] : undefined);
  const [head, body, signature] = token.split('.');
  if (!jwk || !verify('sha256', Buffer.from(`${head}.${body}`), publicKeyOf(jwk), Buffer.from(signature, 'base64url'))) {
    throw new JwtError('signature', 'failed to verify signature');
  }
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.some(a => typeof a === 'string' && options.audiences.includes(a))) {
    throw new JwtError('audience', `expected audience in ${JSON.stringify(options.audiences)} got ${JSON.stringify(aud)}`);
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const leeway = options.leewaySeconds ?? 0;
  if (typeof claims.exp !== 'number' || claims.exp + leeway <= now) {
    throw new JwtError('expired', 'token is expired');
  }
  if (typeof claims.nbf === 'number' && claims.nbf - leeway > now) {
    throw new JwtError('not-yet-valid', 'token is not valid yet');
  }
  return claims;
}
