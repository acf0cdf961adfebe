import Router from 'express-promise-router';
import { z } from 'zod';
import {
  EntityDeliveryMetricsResponse,
  FleetDeliveryMetricsResponse,
  gitopsApplicationReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { GitOpsService } from '../service/GitOpsService';
import { fleetFilterQuery, parse } from '../service/queryParameters';
import { readFleetApplications } from '../service/readFleetApplications';
import { requestCredentials, routeEntity, sendJson } from './httpAdapters';

/** Revision metadata calls an entity page may spend on commit dates. */
const ENTITY_METADATA_BUDGET = 100;

const metricsWindow = z
  .string()
  .regex(/^\d{1,3}d$/, 'must be a number of days such as 30d')
  .transform(value => Number(value.slice(0, -1)))
  .refine(days => days >= 1 && days <= 365, 'must be from 1d to 365d')
  .default('30d');

export const metricsQuery = z.object({ window: metricsWindow }).strict();

const fleetMetricsQuery = fleetFilterQuery
  .omit({ limit: true, offset: true })
  .extend({ window: metricsWindow })
  .strict();

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
    const { window: days } = parse(metricsQuery, req.query, 'metrics query');
    const apps = await aggregator.entityApplications(query);
    // record what this replica never recorded before computing; refresh the
    // rest in the background once it is a minute old
    const collected = await metrics.collector.ensureRecorded(apps.items, {
      metadataBudget: ENTITY_METADATA_BUDGET,
    });
    const result = await metrics.metrics(apps.items, days, 'entity');
    const body: EntityDeliveryMetricsResponse = {
      entityRef,
      window: result.window,
      environments: result.environments,
      errors: [...apps.errors, ...collected.errors],
    };
    sendJson(ctx, res, body);
  });

  router.get('/fleet/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { window: days, ...filter } = parse(
      fleetMetricsQuery,
      req.query,
      'metrics query',
    );
    const apps = await readFleetApplications(ctx, credentials, filter);
    const filtered = Object.values(filter).some(value => value !== undefined);
    const result = await metrics.metrics(apps.items, days, 'fleet', {
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
