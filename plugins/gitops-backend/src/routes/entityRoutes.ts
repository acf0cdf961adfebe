import Router from 'express-promise-router';
import { gitopsApplicationReadPermission } from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from '../service/GitOpsService';
import { readEntityApplications } from '../service/readEntityApplications';
import { requestCredentials, routeEntity, sendJson } from './httpAdapters';

/** An entity's applications grouped by environment, its ApplicationSets and its events. */
export function entityRoutes(ctx: GitOpsService) {
  const router = Router();
  const { aggregator, store } = ctx.deps;

  router.get(
    '/entity/:namespace/:kind/:name/applications',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      const { kind, namespace, name } = req.params;
      sendJson(
        ctx,
        res,
        await readEntityApplications(ctx, credentials, {
          kind,
          namespace,
          name,
        }),
      );
    },
  );

  router.get(
    '/entity/:namespace/:kind/:name/applicationsets',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      const { entityRef, query } = await routeEntity(ctx, req, credentials);
      await ctx.authorizeEntity(
        credentials,
        gitopsApplicationReadPermission,
        entityRef,
      );
      const [apps, sets] = await Promise.all([
        aggregator.entityApplications(query),
        aggregator.applicationSets(query.agents),
      ]);
      const appNames = new Set(apps.items.map(a => `${a.agentId}/${a.name}`));
      const items = sets.items.filter(
        set =>
          query.applicationSets?.includes(set.name) ||
          set.applications.some(name => appNames.has(`${set.agentId}/${name}`)),
      );
      sendJson(ctx, res, { items, errors: [...apps.errors, ...sets.errors] });
    },
  );

  router.get('/entity/:namespace/:kind/:name/events', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { entityRef, query } = await routeEntity(ctx, req, credentials);
    await ctx.authorizeEntity(
      credentials,
      gitopsApplicationReadPermission,
      entityRef,
    );
    const apps = await aggregator.entityApplications(query);
    const [audit, drift] = await Promise.all([
      store.listOperations({ entityRef, limit: 100 }),
      Promise.all(
        apps.items.map(app =>
          store.listDriftEvents({
            agentId: app.agentId,
            application: app.name,
            limit: 50,
          }),
        ),
      ),
    ]);
    sendJson(ctx, res, {
      audit,
      drift: drift
        .flat()
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, 200),
    });
  });

  return router;
}
