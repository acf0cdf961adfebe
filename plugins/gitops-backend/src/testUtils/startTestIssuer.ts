import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, JWTPayload, SignJWT } from 'jose';

/** An OIDC issuer of its own, as a foreign identity provider would be. */
export interface TestIssuer {
  issuer: string;
  /** An ID token for `claims`, signed by this issuer's key. */
  mint(
    claims: JWTPayload,
    options?: { expiresInSeconds?: number },
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * Serves discovery and JWKS for a fresh RS256 key on a free port: the
 * stand-in for an identity provider other than the sandbox's (another
 * issuer, another key).
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = {
    ...(await exportJWK(publicKey)),
    kid: 'test',
    alg: 'RS256',
    use: 'sig',
  };
  let issuer = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    mint: (claims, options) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(
          Math.floor(Date.now() / 1000) + (options?.expiresInSeconds ?? 3600),
        )
        .sign(privateKey),
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
