import { InputError } from '@backstage/errors';
import {
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
} from '@gitops-suite/plugin-gitops-common';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { GitOpsService } from '../service/GitOpsService';
import { readableEntity } from '../service/readableEntity';
import { readFleetApplications } from '../service/readFleetApplications';
import {
  defaulted,
  GitOpsRouter,
  listQuery,
  requestCredentials,
  routeEntityRef,
  sendJson,
} from './httpAdapters';

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
  router: GitOpsRouter,
  ctx: GitOpsService,
  metrics: DeliveryMetricsService,
) {
  const { aggregator } = ctx.deps;

  router.get('/entity/:namespace/:kind/:name/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { entityRef, query } = await readableEntity(
      ctx,
      credentials,
      routeEntityRef(req.params),
    );
    const { window } = defaulted(req.query, ['window']);
    const apps = await aggregator.entityApplications(query);
    // what the fleet state said before this request is recorded first
    await metrics.recorded();
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
    const { window, ...filter } = defaulted(listQuery(req.query), ['window']);
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
}
