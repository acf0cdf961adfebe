import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { readinessLines } from '../cli';
import { Sandbox, startSandbox } from '../startSandbox';
import { FLEET_SCENARIO } from '../testing/testClients';

/*
 * The sandbox's identity provider over HTTP, as Backstage's OIDC provider
 * (openid-client) uses it: discovery, JWKS, the login page, the
 * authorization code flow with PKCE, the refresh grant and userinfo; and
 * the control route that mints ID tokens.
 */

let sandbox: Sandbox;
let issuer: string;

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
  issuer = sandbox.idp!.issuer;
});

afterAll(() => sandbox.close());

const CLIENT = { id: 'backstage', secret: 'sandbox-backstage-oidc-client-secret' };
const REDIRECT = 'http://localhost:7007/api/auth/oidc/handler/frame';
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** Checks a JWT's RS256 signature against the provider's published JWKS. */
async function verifiedByJwks(token: string): Promise<boolean> {
  const { keys } = await (await fetch(`${issuer}/jwks`)).json();
  const [head, body, signature] = token.split('.');
  const { kid } = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  const jwk = keys.find((k: any) => k.kid === kid);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify('sha256', Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url'));
}

async function post(url: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
}

/** The browser's part: the login page, then the form posted with a username; the redirect's parameters. */
async function signIn(username: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: CLIENT.id,
    redirect_uri: REDIRECT,
    scope: 'openid profile email offline_access',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  };
  const page = await fetch(`${issuer}/authorize?${new URLSearchParams(params)}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('name="username"');
  expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
  expect(html).not.toContain('type="password"');
  const res = await post(`${issuer}/authorize`, { ...params, username });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  return { location, verifier };
}

describe('the sandbox identity provider', () => {
  it('publishes its discovery document and JWKS', async () => {
    expect(issuer).toBe(`${sandbox.baseUrl}/idp`);
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256', 'plain'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'groups']));
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['email', 'groups', 'preferred_username']));
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })]);
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs a user in with the authorization code flow and PKCE (S256), then refreshes and answers userinfo', async () => {
    const { location, verifier } = await signIn('ada');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code')!;

    const exchange = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
    const tokenRes = await post(`${issuer}/token`, exchange, { authorization: basic(CLIENT.id, CLIENT.secret) });
    expect(tokenRes.status).toBe(200);
    expect(tokenRes.headers.get('cache-control')).toBe('no-store');
    const tokens = await tokenRes.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email offline_access' });
    const claims = claimsOf(tokens.id_token);
    expect(claims).toMatchObject({
      iss: issuer,
      sub: 'ada',
      aud: 'backstage',
      nonce: 'nonce-456',
      email: 'ada@acme.example',
      email_verified: true,
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      groups: ['payments-admins'],
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(await verifiedByJwks(tokens.id_token)).toBe(true);

    // the code is single-use
    const again = await post(`${issuer}/token`, exchange, { authorization: basic(CLIENT.id, CLIENT.secret) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const info = await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await info.json()).toEqual({
      sub: 'ada',
      email: 'ada@acme.example',
      email_verified: true,
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      groups: ['payments-admins'],
    });

    // refresh_token grant, client_secret_post
    const refreshed = await post(`${issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(claimsOf(next.id_token)).toMatchObject({ sub: 'ada', aud: 'backstage', groups: ['payments-admins'] });
    expect(claimsOf(next.id_token).nonce).toBeUndefined();
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(await verifiedByJwks(next.id_token)).toBe(true);
    expect((await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${next.access_token}` } })).status).toBe(
      200,
    );
    expect(sandbox.secretValues()).toEqual(
      expect.arrayContaining([CLIENT.secret, tokens.id_token, tokens.access_token, tokens.refresh_token]),
    );
  });

  it('refuses a wrong PKCE verifier, a wrong redirect_uri and wrong client credentials', async () => {
    const first = await signIn('dana');
    const code = first.location.searchParams.get('code')!;
    const wrongVerifier = await post(
      `${issuer}/token`,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: 'not-the-verifier' },
      { authorization: basic(CLIENT.id, CLIENT.secret) },
    );
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/PKCE/) });

    const second = await signIn('dana');
    const wrongRedirect = await post(
      `${issuer}/token`,
      {
        grant_type: 'authorization_code',
        code: second.location.searchParams.get('code')!,
        redirect_uri: 'http://localhost:3000/elsewhere',
        code_verifier: second.verifier,
      },
      { authorization: basic(CLIENT.id, CLIENT.secret) },
    );
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });

    const badSecret = await post(
      `${issuer}/token`,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: basic(CLIENT.id, 'wrong-secret') },
    );
    expect(badSecret.status).toBe(401);
    expect(badSecret.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });

    const badGrant = await post(`${issuer}/token`, { grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret });
    expect(await badGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const badRefresh = await post(`${issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: 'not-a-refresh-token',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    expect(await badRefresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('shows the form again for an unknown user, refuses foreign redirect URIs, and keeps no session', async () => {
    const params = {
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      scope: 'openid',
      state: 's',
    };
    const unknown = await post(`${issuer}/authorize`, { ...params, username: 'mallory' });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('No sandbox user named &quot;mallory&quot;');

    const foreign = await fetch(`${issuer}/authorize?${new URLSearchParams({ ...params, redirect_uri: 'https://evil.example/cb' })}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('must be an http(s) URL on localhost');
    const unknownClient = await fetch(`${issuer}/authorize?${new URLSearchParams({ ...params, client_id: 'nobody' })}`);
    expect(unknownClient.status).toBe(400);

    const none = await fetch(`${issuer}/authorize?${new URLSearchParams({ ...params, prompt: 'none' })}`, {
      redirect: 'manual',
    });
    expect(none.status).toBe(302);
    const back = new URL(none.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe('s');

    const implicit = await fetch(`${issuer}/authorize?${new URLSearchParams({ ...params, response_type: 'token' })}`, {
      redirect: 'manual',
    });
    expect(new URL(implicit.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('refuses userinfo without a valid access token', async () => {
    const res = await fetch(`${issuer}/userinfo`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await fetch(`${issuer}/userinfo`)).status).toBe(401);
  });

  it('mints ID tokens through its control route (audience and lifetime chosen, negative = expired)', async () => {
    const mint = (body: unknown) =>
      fetch(`${issuer}/_sandbox/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await mint({ username: 'cole' });
    expect(res.status).toBe(200);
    const { id_token: token } = await res.json();
    expect(claimsOf(token)).toMatchObject({ iss: issuer, sub: 'cole', aud: 'backstage', groups: ['checkout-admins'] });
    expect(await verifiedByJwks(token)).toBe(true);

    const custom = claimsOf((await (await mint({ username: 'dana', audience: 'argo-cd', expiresInSeconds: -60 })).json()).id_token);
    expect(custom.aud).toBe('argo-cd');
    expect(custom.exp).toBeLessThan(Date.now() / 1000);

    const unknown = await mint({ username: 'mallory' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('unknown sandbox user "mallory"');
    expect((await mint({})).status).toBe(400);
    expect((await mint({ username: 'ada', expiresInSeconds: 'soon' })).status).toBe(400);

    expect(claimsOf(sandbox.idToken('ada', { audience: 'x' }))).toMatchObject({ sub: 'ada', aud: 'x' });
  });

  it('prints its readiness line before the agents', () => {
    const lines = readinessLines(sandbox).map(line => JSON.parse(line));
    expect(lines[0]).toEqual({
      idp: { issuer, clientId: 'backstage', clientSecret: 'sandbox-backstage-oidc-client-secret' },
    });
    // then the Harness account of the agent no config lists, then the agents
    expect(Object.keys(lines[1])).toEqual(['harnessAccount']);
    expect(lines.slice(2).map(l => l.id)).toEqual(['argocd-nonprod', 'argocd-prod', 'harness-eu']);
  });

  it('is not served when the scenario has no identity section', async () => {
    const plain = await startSandbox({
      scenario: { agents: [{ id: 'a', kind: 'argocd', token: 'token-1234' }] },
      log: () => {},
    });
    try {
      expect(plain.idp).toBeUndefined();
      expect(readinessLines(plain).map(l => Object.keys(JSON.parse(l))[0])).toEqual(['id']);
      expect((await fetch(`${plain.baseUrl}/idp/.well-known/openid-configuration`)).status).toBe(404);
      expect(() => plain.idToken('ada')).toThrow('no identity provider');
    } finally {
      await plain.close();
    }
  });
});
