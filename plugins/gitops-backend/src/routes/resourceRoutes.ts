import type { Request } from 'express';
import type { ResourceLogLine } from '@gitops-suite/plugin-gitops-common';
import type { ResourceLogQuery } from '@gitops-suite/plugin-gitops-node';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  listResourceEvents,
  readResourceManifest,
  ResourceReadTarget,
  streamResourceLogs,
} from '../service/resourceReads';
import {
  GitOpsRouter,
  requestCredentials,
  routeApplication,
  sendJson,
} from './httpAdapters';

const RESOURCE =
  '/entity/:namespace/:kind/:name/applications/:agentId/:appName/resource';

/** The resource the request names (the spec has checked the parameters). */
function target(req: Request<any, any, any, any>): ResourceReadTarget {
  const { query } = req;
  return {
    ...routeApplication(req),
    resource: {
      kind: query.resourceKind,
      name: query.resourceName,
      namespace: query.resourceNamespace || undefined,
      version: query.resourceVersion || undefined,
      ...(typeof query.resourceGroup === 'string' && {
        group: query.resourceGroup,
      }),
    },
  };
}

/**
 * A resource of an application, as the drawer opens it: its live manifest,
 * its events and its pods' logs (a newline-delimited JSON stream, cut at
 * the configured size and time limits, cancelled upstream when the caller
 * goes away).
 */
export function resourceRoutes(
  router: GitOpsRouter,
  ctx: Pick<GitOpsServices, 'access' | 'httpAuth' | 'logLimits' | 'scrubber'>,
) {
  router.get(RESOURCE, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await readResourceManifest(ctx, credentials, target(req)),
    );
  });

  router.get(`${RESOURCE}/events`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await listResourceEvents(ctx, credentials, target(req)));
  });

  router.get(`${RESOURCE}/logs`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { container, tailLines, sinceSeconds, follow } = req.query;
    const query: ResourceLogQuery = {
      container: container || undefined,
      tailLines,
      sinceSeconds,
      follow: follow === true,
    };
    // the caller went away (the drawer closed): the agent's stream ends too
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    let started = false;
    const write = (line: ResourceLogLine) => {
      if (!started) {
        started = true;
        res.status(200);
        res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('X-Accel-Buffering', 'no');
      }
      res.write(`${JSON.stringify(line)}\n`);
      // through a compression middleware, when there is one
      (res as { flush?: () => void }).flush?.();
    };
    try {
      await streamResourceLogs(
        ctx,
        credentials,
        target(req),
        query,
        write,
        gone.signal,
      );
    } catch (error) {
      // before the first line the error answers with its status
      if (!started) throw error;
      write({
        error: { message: ctx.scrubber.scrub((error as Error).message) },
      });
    }
    res.end();
  });
}
