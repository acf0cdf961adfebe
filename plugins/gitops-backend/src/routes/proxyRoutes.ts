import { Request, Response } from 'express';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import { gitopsProxyPermission } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { checkProxyPath } from '../proxy/checkProxyPath';
import { checkProxyQuery, findProxyRoute } from '../proxy/proxyAllowlist';
import { GitOpsRouter, requestCredentials } from './httpAdapters';

/**
 * The guarded proxy: `GET /proxy/:agentId/<agent API path>`. Only
 * configured agents, only allowlisted read paths and query parameters free of
 * side effects, the caller's identity and
 * permission checked first, the agent credential added by the provider and
 * never returned, no caller header forwarded, every response scrubbed, and
 * every read, forwarded or refused, a low-severity auditor event.
 * Any method reaches it (a write is refused, 403 naming GET), so it is
 * registered for all of them, untyped: the spec describes its GET only.
 */
export function proxyRoutes(
  router: GitOpsRouter,
  ctx: Pick<
    GitOpsServices,
    | 'access'
    | 'auditor'
    | 'extraProxyPaths'
    | 'httpAuth'
    | 'providers'
    | 'scrubber'
  >,
) {
  const { providers, extraProxyPaths, scrubber } = ctx;

  /** Checks, forwards and answers one proxied read: the agent's status. */
  const answer = async (
    req: Request<{ agentId: string }>,
    res: Response,
    credentials: BackstageCredentials,
  ): Promise<number> => {
    if (req.method !== 'GET') {
      res.setHeader('allow', 'GET');
      throw new NotAllowedError(
        `The GitOps proxy only forwards GET requests, not ${req.method}`,
      );
    }
    await ctx.access.authorize(credentials, gitopsProxyPermission);
    // Work on the raw (still encoded) URL: express decodes params.
    const [rawPath, rawQuery = ''] = req.url.split(/\?(.*)/s, 2);
    const prefix = `/proxy/${encodeURIComponent(req.params.agentId)}`;
    if (!rawPath.startsWith(prefix)) {
      throw new InputError('Proxy path rejected: malformed agent segment');
    }
    const provider = providers.get(req.params.agentId);
    const path = checkProxyPath(rawPath.slice(prefix.length));
    const route = findProxyRoute(provider, path, extraProxyPaths);
    if (!route) {
      throw new NotAllowedError(
        `The GitOps proxy does not forward ${path} to ${provider.agent.kind} agents`,
      );
    }
    const query = new URLSearchParams(rawQuery);
    checkProxyQuery(provider, route, path, query);
    const upstream = await provider.rawGet(path, query);
    res.status(upstream.status);
    if (typeof upstream.body === 'string') {
      res.type('text/plain').send(scrubber.scrub(upstream.body));
    } else if (upstream.body === undefined) {
      res.end();
    } else {
      res.json(scrubber.scrub(upstream.body));
    }
    return upstream.status;
  };

  const forward = async (req: Request<{ agentId: string }>, res: Response) => {
    const credentials = await requestCredentials(ctx, req);
    // every proxied read, forwarded or refused, is a low-severity event
    const event = await ctx.auditor.createEvent({
      eventId: 'proxy-read',
      severityLevel: 'low',
      request: req,
      meta: { agentId: req.params.agentId, path: req.path },
    });
    try {
      const status = await answer(req, res, credentials);
      await event.success({ meta: { status } });
    } catch (error) {
      await event.fail({ error: error as Error });
      throw error;
    }
  };
  router.all('/proxy/:agentId', forward);
  router.all('/proxy/:agentId/*', forward);
}
