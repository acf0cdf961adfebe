import Router from 'express-promise-router';
import type { Request } from 'express';
import type { ResourceLogLine } from '@gitops-suite/plugin-gitops-common';
import type { ResourceLogQuery } from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from '../service/GitOpsService';
import {
  listResourceEvents,
  readResourceManifest,
  ResourceReadTarget,
  streamResourceLogs,
} from '../service/resourceReads';
import { requestCredentials, sendJson } from './httpAdapters';

const BASE =
  '/entity/:namespace/:kind/:name/applications/:agentId/:appName/resource';

/** A query parameter's text; absent or empty is undefined. */
function text(req: Request, key: string): string | undefined {
  const value = req.query[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** An integer parameter (the spec's validator may have made it a number). */
function integer(req: Request, key: string): number | undefined {
  const value = req.query[key] as unknown;
  return value === undefined || value === '' ? undefined : Number(value);
}

/** The resource the request names (the spec has checked the parameters). */
function target(req: Request): ResourceReadTarget {
  const { kind, namespace, name, agentId, appName } = req.params;
  const group = req.query.resourceGroup;
  return {
    entityRef: { kind, namespace, name },
    agentId,
    name: appName,
    appNamespace: text(req, 'appNamespace'),
    resource: {
      kind: String(req.query.resourceKind),
      name: String(req.query.resourceName),
      namespace: text(req, 'resourceNamespace'),
      version: text(req, 'resourceVersion'),
      ...(typeof group === 'string' && { group }),
    },
  };
}

/**
 * A resource of an application, as the drawer opens it: its live manifest,
 * its events and its pods' logs (a newline-delimited JSON stream, cut at
 * the configured size and time limits, cancelled upstream when the caller
 * goes away).
 */
export function resourceRoutes(ctx: GitOpsService) {
  const router = Router();

  router.get(BASE, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await readResourceManifest(ctx, credentials, target(req)),
    );
  });

  router.get(`${BASE}/events`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await listResourceEvents(ctx, credentials, target(req)));
  });

  router.get(`${BASE}/logs`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const query: ResourceLogQuery = {
      container: text(req, 'container'),
      tailLines: integer(req, 'tailLines'),
      sinceSeconds: integer(req, 'sinceSeconds'),
      // the spec's validator may have made it a boolean already
      follow: String(req.query.follow) === 'true',
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
      write({ error: { message: ctx.scrub((error as Error).message) } });
    }
    res.end();
  });

  return router;
}
