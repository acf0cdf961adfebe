import Router from 'express-promise-router';
import type { Request } from 'express';
import { InputError } from '@backstage/errors';
import {
  gitopsApplicationReadPermission,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
} from '@gitops-suite/plugin-gitops-common';
import { ApplicationRef } from '@gitops-suite/plugin-gitops-node';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import { RouteContext } from './RouteContext';
import { findEntityApplication } from './findEntityApplication';
import { parse, refreshBody, rollbackBody, syncBody } from './schemas';

const BASE = '/entity/:namespace/:kind/:name/applications/:agentId/:appName';
const REVISION = /^[A-Za-z0-9._\-/]{1,256}$/;

/** Reads and operations on one application of an entity. */
export function applicationRoutes(ctx: RouteContext) {
  const router = Router();

  async function resolve(
    req: Request,
    permission: ResourcePermission<'catalog-entity'>,
  ) {
    const credentials = await ctx.credentials(req);
    const { entityRef, query } = await ctx.entity(req, credentials);
    await ctx.authorizeEntity(credentials, permission, entityRef);
    const appNamespace =
      typeof req.query.appNamespace === 'string' && req.query.appNamespace
        ? req.query.appNamespace
        : undefined;
    const { provider, app } = await findEntityApplication(
      ctx,
      entityRef,
      query,
      req.params.agentId,
      req.params.appName,
      appNamespace,
    );
    const ref: ApplicationRef = {
      name: app.name,
      namespace: app.namespace,
      project: app.project,
    };
    return { credentials, entityRef, provider, app, ref };
  }

  router.get(BASE, async (req, res) => {
    const { provider, ref } = await resolve(req, gitopsApplicationReadPermission);
    ctx.send(res, { application: await provider.getApplication(ref) });
  });

  router.get(`${BASE}/resource-tree`, async (req, res) => {
    const { provider, ref } = await resolve(req, gitopsApplicationReadPermission);
    ctx.send(res, await provider.getResourceTree(ref));
  });

  router.get(`${BASE}/diff`, async (req, res) => {
    const { provider, ref } = await resolve(req, gitopsApplicationReadPermission);
    ctx.send(res, { items: await provider.getManagedResources(ref) });
  });

  router.get(`${BASE}/revisions/:revision`, async (req, res) => {
    if (!REVISION.test(req.params.revision)) {
      throw new InputError(
        'revision must be 1-256 letters, digits, ".", "_", "-" or "/"',
      );
    }
    const { provider, ref } = await resolve(req, gitopsApplicationReadPermission);
    ctx.send(res, await provider.getRevisionMetadata(ref, req.params.revision));
  });

  router.get(`${BASE}/syncwindows`, async (req, res) => {
    const { provider, ref } = await resolve(req, gitopsApplicationReadPermission);
    ctx.send(res, { items: await provider.getSyncWindows(ref) });
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
    ctx.send(res, { audit, drift });
  });

  router.post(`${BASE}/refresh`, async (req, res) => {
    const body = parse(refreshBody, req.body, 'refresh request');
    const { credentials, entityRef, provider, app, ref } = await resolve(
      req,
      gitopsApplicationRefreshPermission,
    );
    const { auditId, result } = await ctx.deps.runner.run(
      {
        actor: ctx.actor(credentials),
        entityRef,
        agentId: app.agentId,
        application: app.name,
        appNamespace: app.namespace,
        action: 'refresh',
        parameters: body,
      },
      req,
      () => provider.refresh(ref, body.mode),
    );
    ctx.send(res, { auditId, application: result });
  });

  router.post(`${BASE}/sync`, async (req, res) => {
    const body = parse(syncBody, req.body, 'sync request');
    const { credentials, entityRef, provider, app, ref } = await resolve(
      req,
      gitopsApplicationSyncPermission,
    );
    const { auditId, result } = await ctx.deps.runner.run(
      {
        actor: ctx.actor(credentials),
        entityRef,
        agentId: app.agentId,
        application: app.name,
        appNamespace: app.namespace,
        action: 'sync',
        parameters: body,
      },
      req,
      () => provider.sync(ref, body),
    );
    ctx.send(res, { auditId, application: result });
  });

  router.post(`${BASE}/rollback`, async (req, res) => {
    const body = parse(rollbackBody, req.body, 'rollback request');
    const { credentials, entityRef, provider, app, ref } = await resolve(
      req,
      gitopsApplicationRollbackPermission,
    );
    const { auditId, result } = await ctx.deps.runner.run(
      {
        actor: ctx.actor(credentials),
        entityRef,
        agentId: app.agentId,
        application: app.name,
        appNamespace: app.namespace,
        action: 'rollback',
        parameters: body,
      },
      req,
      () => provider.rollback(ref, body),
    );
    ctx.send(res, { auditId, application: result });
  });

  return router;
}
