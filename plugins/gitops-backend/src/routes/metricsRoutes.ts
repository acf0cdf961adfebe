import { InputError } from '@backstage/errors';
import Router from 'express-promise-router';
import {
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  gitopsApplicationReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { GitOpsService } from '../service/GitOpsService';
import { queryParameterCheck } from '../service/queryParameters';
import { readFleetApplications } from '../service/readFleetApplications';
import { requestCredentials, routeEntity, sendJson } from './httpAdapters';

const entityMetricsQuery = queryParameterCheck(
  '/entity/{namespace}/{kind}/{name}/metrics',
  'metrics query',
  ['window'],
);
const fleetMetricsQuery = queryParameterCheck(
  '/fleet/metrics',
  'metrics query',
  ['window'],
);

/**
 * The days of a window of the spec's pattern (`<days>d`), from 1d to 365d
 * as it describes them (a pattern would name the range unreadably).
 */
function days(window: string): number {
  const value = Number(window.slice(0, -1));
  if (value < 1 || value > 365) {
    throw new InputError(
      `Invalid metrics query: window: must be from 1d to 365d, not ${window}`,
    );
  }
  return value;
}

/** Delivery metrics (DORA) of an entity and of the fleet. */
export function metricsRoutes(
  ctx: GitOpsService,
  metrics: DeliveryMetricsService,
) {
  const router = Router();
  const { aggregator } = ctx.deps;

  router.get('/entity/:namespace/:kind/:name/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { entityRef, query } = await routeEntity(ctx, req, credentials);
    await ctx.authorizeEntity(
      credentials,
      gitopsApplicationReadPermission,
      entityRef,
    );
    const { window } = entityMetricsQuery(req.query);
    const apps = await aggregator.entityApplications(query);
    // what the fleet state said before this request is recorded first
    await metrics.recorded(apps.items.map(app => app.key));
    const result = await metrics.metrics(apps.items, days(window), 'entity');
    const body: EntityDeliveryMetricsResponse = {
      entityRef,
      window: result.window,
      environments: result.environments,
      errors: apps.errors,
    };
    sendJson(ctx, res, body);
  });

  router.get('/fleet/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { window, ...filter } = fleetMetricsQuery(req.query);
    const apps = await readFleetApplications(ctx, credentials, filter);
    await metrics.recorded();
    const filtered = Object.values(filter).some(value => value !== undefined);
    const result = await metrics.metrics(apps.items, days(window), 'fleet', {
      filtered,
    });
    const body: FleetDeliveryMetricsResponse = {
      window: result.window,
      items: result.items,
      environments: result.environments,
      errors: apps.errors,
    };
    sendJson(ctx, res, body);
  });

  return router;
}
