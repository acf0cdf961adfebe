import Router from 'express-promise-router';
import {
  gitopsFleetReadPermission,
  gitopsAuditReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from '../service/GitOpsService';
import {
  eventsQuery,
  fleetFilterQuery,
  parse,
} from '../service/queryParameters';
import { readFleetApplications } from '../service/readFleetApplications';
import { requestCredentials, sendJson } from './httpAdapters';

/** Fleet-wide views: summary, filtered application list, audit and drift. */
export function fleetRoutes(ctx: GitOpsService) {
  const router = Router();
  const { aggregator, registry, store } = ctx.deps;
  const agentsById = () =>
    Object.fromEntries(
      registry.list().map(provider => [provider.agent.id, provider.agent]),
    );

  router.get('/fleet/summary', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    const filter = parse(fleetFilterQuery, req.query, 'fleet filter');
    sendJson(
      ctx,
      res,
      await aggregator.fleetSummary(
        filter,
        agentsById(),
        ctx.deps.environments,
      ),
    );
  });

  router.get('/fleet/applications', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const filter = parse(fleetFilterQuery, req.query, 'fleet filter');
    const { items, errors, freshness } = await readFleetApplications(
      ctx,
      credentials,
      filter,
    );
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? 5000;
    sendJson(ctx, res, {
      items: items.slice(offset, offset + limit),
      errors,
      freshness,
      total: items.length,
    });
  });

  router.get('/audit', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsAuditReadPermission);
    const query = parse(eventsQuery, req.query, 'audit query');
    sendJson(ctx, res, {
      items: await store.listOperations({
        entityRef: query.entityRef,
        agentId: query.agent,
        application: query.application,
        limit: query.limit,
      }),
    });
  });

  router.get('/drift', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsAuditReadPermission);
    const query = parse(eventsQuery, req.query, 'drift query');
    sendJson(ctx, res, {
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
