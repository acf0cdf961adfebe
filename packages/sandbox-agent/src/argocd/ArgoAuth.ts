import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError, GrpcCode } from '../http/ApiError';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { Caller } from '../state/types';
import { userTokenCaller } from './userTokens';

function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(.+)$/i.exec(header.trim());
    return m ? m[1].trim() : '';
  }
  const cookie = req.headers.cookie;
  if (cookie) {
    for (const part of cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === 'argocd.token') return rest.join('=');
    }
  }
  return undefined;
}

/** The caller of an Argo CD request, or undefined when no token was sent. */
export function optionalArgoCaller(agent: SandboxAgent, req: IncomingMessage): Caller | undefined {
  const token = bearerToken(req);
  if (token === undefined) return undefined;
  const config = agent.config;
  const forbiddenProjects = config.forbiddenProjects;
  if (token === config.token) {
    return { subject: config.username, forbiddenProjects, readOnly: false };
  }
  const extra = config.tokens.find(t => t.token === token);
  if (extra) {
    return {
      subject: extra.name ?? 'api-token',
      projects: extra.projects,
      forbiddenProjects,
      readOnly: Boolean(extra.readOnly),
    };
  }
  const user = agent.store.sessions.get(token);
  if (user) return { subject: user, forbiddenProjects, readOnly: false };
  // an ID token of the identity provider the agent trusts (`oidc`)
  const idTokenUser = userTokenCaller(agent, token);
  if (idTokenUser) return idTokenUser;
  throw new ApiError(GrpcCode.Unauthenticated, 'invalid session: token signature is invalid');
}

/** The caller of an Argo CD request; 401 without a valid token. */
export function argoCaller(agent: SandboxAgent, req: IncomingMessage): Caller {
  const caller = optionalArgoCaller(agent, req);
  if (!caller) throw new ApiError(GrpcCode.Unauthenticated, 'no session information');
  return caller;
}

/** POST /api/v1/session: a signed JWT for the agent's local user. */
export function createSession(agent: SandboxAgent, username: unknown, password: unknown): string {
  const config = agent.config;
  if (username !== config.username || password !== config.password) {
    throw new ApiError(GrpcCode.Unauthenticated, 'Invalid username or password');
  }
  const now = Math.floor(Date.now() / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({
      iss: 'argocd',
      sub: `${config.username}:login`,
      nbf: now,
      iat: now,
      exp: now + 24 * 3600,
      jti: randomBytes(16).toString('hex'),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', config.token).update(`${header}.${payload}`).digest('base64url');
  const token = `${header}.${payload}.${signature}`;
  agent.store.sessions.set(token, config.username);
  return token;
}
