import type { IncomingMessage } from 'node:http';
import { argoErrorResponse } from '../argocd/errors';
import { ApiError, GrpcCode } from '../http/ApiError';
import { parseJsonBody, readBody } from '../http/readBody';
import { Router } from '../http/Router';
import { BufferedResponse, RequestContext, json } from '../http/types';
import { isObject } from '../util/json';
import { IdentityProvider, OAuthError } from './IdentityProvider';
import { AUTHORIZE_PARAMS, errorPage, loginPage } from './loginPage';

/*
 * The identity provider's HTTP endpoints, under `/idp` on the sandbox's
 * port: discovery, JWKS, the login page and authorization endpoint, token
 * (authorization_code with PKCE, refresh_token), userinfo, and the control
 * route `POST /idp/_sandbox/tokens` that mints an ID token directly.
 */

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function html(status: number, body: string): BufferedResponse {
  return { status, body, headers: { 'content-type': 'text/html; charset=utf-8', ...NO_STORE } };
}

function redirect(location: string): BufferedResponse {
  return { status: 302, body: '', headers: { location, ...NO_STORE } };
}

function oauthError(error: OAuthError, headers: Record<string, string> = {}): BufferedResponse {
  return json(error.status, { error: error.error, error_description: error.message }, { ...NO_STORE, ...headers });
}

/** redirect_uri with the answer's parameters added (its own query kept). */
function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The request parameters of the authorization endpoint, from the query (GET) or the form (POST). */
function authorizeParams(source: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = text(source[name]);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/** The client credentials: HTTP Basic (client_secret_basic) or the form (client_secret_post). */
function clientCredentials(req: IncomingMessage, body: Record<string, unknown>) {
  const header = req.headers.authorization;
  const m = header ? /^Basic\s+(.+)$/i.exec(header.trim()) : null;
  if (m) {
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      if (colon < 0) return { basic: true, id: decode(decoded), secret: undefined };
      return { basic: true, id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
    } catch {
      return { basic: true, id: undefined, secret: undefined };
    }
  }
  return { basic: false, id: text(body.client_id), secret: text(body.client_secret) };
}

export function idpRoutes(idp: IdentityProvider): Router {
  const router = new Router();

  router.get('/.well-known/openid-configuration', () => json(200, idp.discovery()));
  router.get('/jwks', () => json(200, idp.jwks()));

  /**
   * Checks an authorization request: problems with the client or its
   * redirect URI are shown on a page (never redirected), the others are
   * sent back to the client's redirect URI.
   */
  const checkAuthorize = (params: Record<string, string>): BufferedResponse | undefined => {
    const problem = idp.checkAuthorizationClient(params.client_id ?? null, params.redirect_uri ?? null);
    if (problem) return html(400, errorPage(problem));
    const back = (error: string, description: string) =>
      redirect(withParams(params.redirect_uri, { error, error_description: description, state: params.state }));
    if (params.response_type !== 'code') {
      return back('unsupported_response_type', 'only response_type=code (authorization code flow) is supported');
    }
    if (!(params.scope ?? '').split(' ').includes('openid')) return back('invalid_scope', 'scope must include openid');
    const method = params.code_challenge_method;
    if (method !== undefined && method !== 'S256' && method !== 'plain') {
      return back('invalid_request', 'code_challenge_method must be S256 or plain');
    }
    if (method !== undefined && !params.code_challenge) {
      return back('invalid_request', 'code_challenge_method without code_challenge');
    }
    return undefined;
  };

  const page = (params: Record<string, string>, extra: { username?: string; error?: string } = {}) =>
    loginPage({ clientId: params.client_id, params, users: [...idp.users.values()], ...extra });

  router.get('/authorize', ctx => {
    const params = authorizeParams(Object.fromEntries(ctx.query));
    const refused = checkAuthorize(params);
    if (refused) return refused;
    if (ctx.query.get('prompt') === 'none') {
      return redirect(
        withParams(params.redirect_uri, {
          error: 'login_required',
          error_description: 'the sandbox identity provider keeps no session: sign in',
          state: params.state,
        }),
      );
    }
    return html(200, page(params, { username: ctx.query.get('login_hint') ?? undefined }));
  });

  router.post('/authorize', async ctx => {
    const body = await ctx.body();
    const params = authorizeParams(body);
    const refused = checkAuthorize(params);
    if (refused) return refused;
    const username = text(body.username)?.trim() ?? '';
    if (!idp.users.has(username)) {
      return html(200, page(params, { username, error: `No sandbox user named "${username}".` }));
    }
    const code = idp.createCode({
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      username,
      scope: params.scope,
      nonce: params.nonce,
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge
        ? ((params.code_challenge_method ?? 'plain') as 'S256' | 'plain')
        : undefined,
    });
    return redirect(withParams(params.redirect_uri, { code, state: params.state }));
  });

  router.post('/token', async ctx => {
    const body = await ctx.body();
    const credentials = clientCredentials(ctx.req, body);
    try {
      const client = idp.authenticateClient(credentials.id, credentials.secret);
      if (text(body.client_id) && text(body.client_id) !== client.clientId) {
        throw new OAuthError(401, 'invalid_client', 'client_id does not match the client authentication');
      }
      const grantType = text(body.grant_type);
      if (grantType === 'authorization_code') {
        const code = text(body.code);
        if (!code) throw new OAuthError(400, 'invalid_request', 'code is required');
        return json(200, idp.exchangeCode(client, code, text(body.redirect_uri), text(body.code_verifier)), NO_STORE);
      }
      if (grantType === 'refresh_token') {
        const refreshToken = text(body.refresh_token);
        if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
        return json(200, idp.refresh(client, refreshToken), NO_STORE);
      }
      throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType ?? '(none)'} is not supported`);
    } catch (error) {
      if (error instanceof OAuthError && error.error === 'invalid_client' && credentials.basic) {
        return oauthError(error, { 'www-authenticate': 'Basic realm="sandbox-idp"' });
      }
      throw error;
    }
  });

  const userinfo = async (ctx: RequestContext) => {
    const header = ctx.req.headers.authorization;
    const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
    const token = m?.[1] ?? (ctx.method === 'POST' ? text((await ctx.body()).access_token) : undefined);
    try {
      return json(200, idp.userinfo(token), NO_STORE);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return oauthError(error, {
        'www-authenticate': `Bearer error="${error.error}", error_description="${error.message}"`,
      });
    }
  };
  router.get('/userinfo', userinfo);
  router.post('/userinfo', userinfo);

  // Control route (tests, e2e): an ID token for a user, minted with the provider's key.
  router.post('/_sandbox/tokens', async ctx => {
    const body = await ctx.body();
    const username = isObject(body) ? text(body.username) : undefined;
    if (!username) throw new ApiError(GrpcCode.InvalidArgument, 'username is required');
    if (!idp.users.has(username)) throw new ApiError(GrpcCode.NotFound, `unknown sandbox user ${JSON.stringify(username)}`);
    const audience = body.audience === undefined ? undefined : text(body.audience);
    if (body.audience !== undefined && !audience) {
      throw new ApiError(GrpcCode.InvalidArgument, 'audience must be a non-empty string');
    }
    const expires = body.expiresInSeconds;
    if (expires !== undefined && (typeof expires !== 'number' || !Number.isInteger(expires))) {
      throw new ApiError(GrpcCode.InvalidArgument, 'expiresInSeconds must be an integer (negative: already expired)');
    }
    return json(200, { id_token: idp.mintIdToken(username, { audience, expiresInSeconds: expires }) }, NO_STORE);
  });

  return router;
}

/** A form (application/x-www-form-urlencoded) or JSON body as an object. */
function parseBody(req: IncomingMessage, raw: string): Record<string, unknown> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/json')) {
    const parsed = parseJsonBody(raw);
    return isObject(parsed) ? parsed : {};
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** Answers one request under `/idp` (`path` is what follows it). */
export async function handleIdpRequest(
  router: Router,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<BufferedResponse> {
  const method = req.method ?? 'GET';
  try {
    const match = router.match(method, path);
    let body: Promise<Record<string, unknown>> | undefined;
    const ctx: RequestContext = {
      req,
      method,
      path,
      query,
      params: match.params,
      body: () => (body ??= readBody(req).then(raw => parseBody(req, raw))),
    };
    return (await match.handler(ctx)) as BufferedResponse;
  } catch (error) {
    if (error instanceof OAuthError) return oauthError(error);
    if (error instanceof ApiError) return argoErrorResponse(error);
    throw error;
  }
}
