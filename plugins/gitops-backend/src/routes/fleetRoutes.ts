import Router from 'express-promise-router';
import {
  gitopsFleetReadPermission,
  gitopsAuditReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from '../service/GitOpsService';
import { queryParameterCheck } from '../service/queryParameters';
import { readFleetApplications } from '../service/readFleetApplications';
import { requestCredentials, sendJson } from './httpAdapters';

/** Fleet-wide views: summary, filtered application list, audit and drift. */
const summaryQuery = queryParameterCheck('/fleet/summary', 'fleet filter');
const applicationsQuery = queryParameterCheck(
  '/fleet/applications',
  'fleet filter',
  ['offset', 'limit'],
);
const auditQuery = queryParameterCheck('/audit', 'audit query');
const driftQuery = queryParameterCheck('/drift', 'drift query');

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
    const filter = summaryQuery(req.query);
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
    const { offset, limit, ...filter } = applicationsQuery(req.query);
    const { items, errors, freshness } = await readFleetApplications(
      ctx,
      credentials,
      filter,
    );
    // a page says when more follow it, and where the next one starts
    const end = offset + limit;
    const truncated = end < items.length;
    sendJson(ctx, res, {
      items: items.slice(offset, end),
      errors,
      freshness,
      total: items.length,
      offset,
      truncated,
      ...(truncated && { nextOffset: end }),
    });
  });

  router.get('/audit', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsAuditReadPermission);
    const query = auditQuery(req.query);
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
    const query = driftQuery(req.query);
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
