import Router from 'express-promise-router';
import type { Request, Response } from 'express';
import { InputError } from '@backstage/errors';
import { gitopsApplicationReadPermission } from '@gitops-suite/plugin-gitops-common';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import { GitOpsService } from '../service/GitOpsService';
import {
  ApplicationTarget,
  resolveEntityApplication,
} from '../service/resolveEntityApplication';
import {
  refreshApplication,
  rollbackApplication,
  syncApplication,
} from '../service/applicationOperations';
import {
  listResourceActions,
  runResourceAction,
  terminateOperation,
} from '../service/resourceOperations';
import { requestCredentials, sendJson } from './httpAdapters';

const BASE = '/entity/:namespace/:kind/:name/applications/:agentId/:appName';
const REVISION = /^[A-Za-z0-9._\-/]{1,256}$/;

/** Reads and operations on one application of an entity. */
export function applicationRoutes(ctx: GitOpsService) {
  const router = Router();

  /** The application the route names, from the request's parameters. */
  function target(req: Request): ApplicationTarget {
    const { kind, namespace, name, agentId, appName } = req.params;
    return {
      entityRef: { kind, namespace, name },
      agentId,
      name: appName,
      appNamespace:
        typeof req.query.appNamespace === 'string' && req.query.appNamespace
          ? req.query.appNamespace
          : undefined,
    };
  }

  async function resolve(
    req: Request,
    permission: ResourcePermission<'catalog-entity'>,
  ) {
    const credentials = await requestCredentials(ctx, req);
    return resolveEntityApplication(ctx, credentials, target(req), permission);
  }

  /** Runs an operation for the caller; body errors answer 400 first. */
  async function operate(
    req: Request,
    res: Response,
    operation: typeof refreshApplication,
  ) {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await operation(
        ctx,
        { credentials, target: target(req), request: req },
        req.body,
      ),
    );
  }

  router.get(BASE, async (req, res) => {
    const { provider, ref } = await resolve(
      req,
      gitopsApplicationReadPermission,
    );
    sendJson(ctx, res, { application: await provider.getApplication(ref) });
  });

  router.get(`${BASE}/resource-tree`, async (req, res) => {
    const { provider, ref } = await resolve(
      req,
      gitopsApplicationReadPermission,
    );
    sendJson(ctx, res, await provider.getResourceTree(ref));
  });

  router.get(`${BASE}/diff`, async (req, res) => {
    const { provider, ref } = await resolve(
      req,
      gitopsApplicationReadPermission,
    );
    sendJson(ctx, res, { items: await provider.getManagedResources(ref) });
  });

  router.get(`${BASE}/revisions/:revision`, async (req, res) => {
    if (!REVISION.test(req.params.revision)) {
      throw new InputError(
        'revision must be 1-256 letters, digits, ".", "_", "-" or "/"',
      );
    }
    const { provider, ref } = await resolve(
      req,
      gitopsApplicationReadPermission,
    );
    sendJson(
      ctx,
      res,
      await provider.getRevisionMetadata(ref, req.params.revision),
    );
  });

  router.get(`${BASE}/syncwindows`, async (req, res) => {
    const { provider, ref } = await resolve(
      req,
      gitopsApplicationReadPermission,
    );
    sendJson(ctx, res, { items: await provider.getSyncWindows(ref) });
  });

  router.get(`${BASE}/events`, async (req, res) => {
    const { app } = await resolve(req, gitopsApplicationReadPermission);
    const [audit, drift] = await Promise.all([
      ctx.deps.store.listOperations({
        agentId: app.agentId,
        application: app.name,
        limit: 100,
      }),
      ctx.deps.store.listDriftEvents({
        agentId: app.agentId,
        application: app.name,
        limit: 100,
      }),
    ]);
    sendJson(ctx, res, { audit, drift });
  });

  router.post(`${BASE}/refresh`, (req, res) =>
    operate(req, res, refreshApplication),
  );

  router.post(`${BASE}/sync`, (req, res) => operate(req, res, syncApplication));

  router.post(`${BASE}/rollback`, (req, res) =>
    operate(req, res, rollbackApplication),
  );

  router.post(`${BASE}/terminate`, (req, res) =>
    operate(req, res, terminateOperation),
  );

  router.get(`${BASE}/resource-actions`, async (req, res) => {
    // the spec requires resourceKind and resourceName; the rest is optional
    const text = (key: string) =>
      typeof req.query[key] === 'string' ? (req.query[key] as string) : '';
    const credentials = await requestCredentials(ctx, req);
    const items = await listResourceActions(ctx, credentials, target(req), {
      kind: text('resourceKind'),
      name: text('resourceName'),
      group: text('resourceGroup'),
      version: text('resourceVersion'),
      namespace: text('resourceNamespace'),
    });
    sendJson(ctx, res, { items });
  });

  router.post(`${BASE}/resource-actions`, (req, res) =>
    operate(req, res, runResourceAction),
  );

  return router;
}
