import Router from 'express-promise-router';
import {
  gitopsFleetReadPermission,
  gitopsAuditReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { RouteContext } from './RouteContext';
import { eventsQuery, fleetFilterQuery, parse } from './schemas';
import { readFleetApplications } from './readFleetApplications';

/** Fleet-wide views: summary, filtered application list, audit and drift. */
export function fleetRoutes(ctx: RouteContext) {
  const router = Router();
  const { aggregator, registry, store } = ctx.deps;
  const agentsById = () =>
    Object.fromEntries(
      registry.list().map(provider => [provider.agent.id, provider.agent]),
    );

  router.get('/fleet/summary', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    const filter = parse(fleetFilterQuery, req.query, 'fleet filter');
    ctx.send(
      res,
      await aggregator.fleetSummary(
        filter,
        agentsById(),
        ctx.deps.environments,
      ),
    );
  });

  router.get('/fleet/applications', async (req, res) => {
    const credentials = await ctx.credentials(req);
    const filter = parse(fleetFilterQuery, req.query, 'fleet filter');
    const { items, errors, freshness } = await readFleetApplications(
      ctx,
      credentials,
      filter,
    );
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? 5000;
    ctx.send(res, {
      items: items.slice(offset, offset + limit),
      errors,
      freshness,
      total: items.length,
    });
  });

  router.get('/audit', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsAuditReadPermission);
    const query = parse(eventsQuery, req.query, 'audit query');
    ctx.send(res, {
      items: await store.listOperations({
        entityRef: query.entityRef,
        agentId: query.agent,
        application: query.application,
        limit: query.limit,
      }),
    });
  });

  router.get('/drift', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsAuditReadPermission);
    const query = parse(eventsQuery, req.query, 'drift query');
    ctx.send(res, {
      items: await store.listDriftEvents({
        entityRef: query.entityRef,
        agentId: query.agent,
        application: query.application,
        limit: query.limit,
      }),
    });
  });

  return router;
}
