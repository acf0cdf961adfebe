import express from 'express';
import { GitOpsService } from '../service/GitOpsService';
import { entityRoutes } from './entityRoutes';
import { applicationRoutes } from './applicationRoutes';
import { resourceRoutes } from './resourceRoutes';
import { fleetRoutes } from './fleetRoutes';
import { inventoryRoutes } from './inventoryRoutes';
import { proxyRoutes } from './proxyRoutes';
import { knownErrorHandler } from './knownErrorHandler';
import { metricsRoutes } from './metricsRoutes';
import { promotionRoutes } from './promotionRoutes';
import { pullRequestRoutes } from './pullRequestRoutes';
import { requireJsonBodies } from './requireJsonBody';
import { boundedJsonBodies } from './boundedJsonBodies';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { createOpenApiRouter } from '../schema/openapi';

/**
 * The `/api/gitops` router, generated from `src/schema/openapi.yaml`: every
 * request is validated against the spec (path, query, body) before a route
 * sees it, and a request the spec does not allow answers 400 naming what is
 * wrong. A body in another media type than JSON answers 415 first.
 */
export async function createRouter(
  ctx: GitOpsService,
  options: { metrics: DeliveryMetricsService },
): Promise<express.Router> {
  const router = await createOpenApiRouter({
    middleware: [
      requireJsonBodies(),
      express.json({ limit: '1mb' }),
      boundedJsonBodies(),
    ],
  });
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.use(entityRoutes(ctx));
  router.use(applicationRoutes(ctx));
  router.use(resourceRoutes(ctx));
  router.use(fleetRoutes(ctx));
  router.use(inventoryRoutes(ctx));
  router.use(proxyRoutes(ctx));
  router.use(metricsRoutes(ctx, options.metrics));
  router.use(promotionRoutes(ctx, options.metrics));
  router.use(pullRequestRoutes(ctx));
  router.use(knownErrorHandler);
  return router;
}
