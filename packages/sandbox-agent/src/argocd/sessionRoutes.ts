import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { json } from '../http/types';
import { sha1Hex } from '../util/hash';
import { isObject } from '../util/json';
import { argoCaller, createSession, optionalArgoCaller } from './ArgoAuth';
import { RBAC_ACTIONS, RBAC_RESOURCES } from './rbacPolicy';
import { userInfo } from './userTokens';

/** /api/version: capitalised keys, as the Argo CD API server answers. */
export function versionMessage(version: string) {
  const tag = version.split('+')[0];
  return {
    Version: version,
    BuildDate: '2025-05-06T14:41:21Z',
    GitCommit: sha1Hex('argo-cd', tag),
    GitTag: tag,
    GitTreeState: 'clean',
    GoVersion: 'go1.24.2',
    Compiler: 'gc',
    Platform: 'linux/amd64',
    KustomizeVersion: 'v5.6.0 2025-01-14T15:12:33Z',
    HelmVersion: 'v3.17.3+ge4da497',
    KubectlVersion: 'v0.32.2',
    JsonnetVersion: 'v0.20.0',
  };
}

/**
 * Session, user info, version and can-i (for a user's ID token, the RBAC
 * policy answers; for the agent's tokens, their projects and rights).
 */
export function addSessionRoutes(router: Router, agent: SandboxAgent) {
  router.post('/api/v1/session', async ctx => {
    const body = await ctx.body();
    if (!isObject(body)) throw new ApiError(GrpcCode.InvalidArgument, 'username and password are required');
    return json(200, { token: createSession(agent, body.username, body.password) });
  });

  router.delete('/api/v1/session', ctx => {
    argoCaller(agent, ctx.req);
    const header = ctx.req.headers.authorization ?? '';
    agent.store.sessions.delete(header.replace(/^Bearer\s+/i, ''));
    return json(200, { token: '' });
  });

  router.get('/api/v1/session/userinfo', ctx => {
    const caller = optionalArgoCaller(agent, ctx.req);
    if (!caller) return json(200, { loggedIn: false });
    if (caller.rbac) return json(200, userInfo(agent, caller));
    return json(200, { loggedIn: true, username: caller.subject, iss: 'argocd', groups: [] });
  });

  router.get('/api/version', () => json(200, versionMessage(agent.config.version)));

  const canI = (resource: string, action: string, subresource: string, caller: ReturnType<typeof argoCaller>) => {
    if (caller.rbac) {
      // as AccountService.CanI: known resources and actions only (and resource actions)
      if (!(RBAC_ACTIONS as readonly string[]).includes(action) && !action.startsWith('action/')) {
        throw new ApiError(GrpcCode.InvalidArgument, `[${RBAC_ACTIONS.join(' ')}] does not contain ${action}`);
      }
      if (!(RBAC_RESOURCES as readonly string[]).includes(resource)) {
        throw new ApiError(GrpcCode.InvalidArgument, `[${RBAC_RESOURCES.join(' ')}] does not contain ${resource}`);
      }
      return json(200, { value: caller.rbac(resource, action, subresource) ? 'yes' : 'no' });
    }
    const project = subresource.split('/')[0] || '*';
    let yes: boolean;
    if (caller.readOnly && action !== 'get') yes = false;
    else if (project === '*') yes = !caller.projects || caller.projects.includes('*');
    else if (['applications', 'applicationsets', 'projects', 'logs', 'exec'].includes(resource)) {
      yes = agent.store.canSee(caller, project);
    } else {
      yes = !caller.projects;
    }
    return json(200, { value: yes ? 'yes' : 'no' });
  };

  router.get('/api/v1/account/can-i/:resource/:action/:subresource', ctx =>
    canI(ctx.params.resource, ctx.params.action, ctx.params.subresource, argoCaller(agent, ctx.req)),
  );
  // the object in the path unescaped: `<project>/<app>` or `<project>/<namespace>/<app>`
  router.get('/api/v1/account/can-i/:resource/:action/:project/:namespace/:object', ctx =>
    canI(
      ctx.params.resource,
      ctx.params.action,
      `${ctx.params.project}/${ctx.params.namespace}/${ctx.params.object}`,
      argoCaller(agent, ctx.req),
    ),
  );
  router.get('/api/v1/account/can-i/:resource/:action/:project/:object', ctx =>
    canI(
      ctx.params.resource,
      ctx.params.action,
      `${ctx.params.project}/${ctx.params.object}`,
      argoCaller(agent, ctx.req),
    ),
  );
}
