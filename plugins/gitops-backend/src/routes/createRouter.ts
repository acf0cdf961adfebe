import express from 'express';
import Router from 'express-promise-router';
import { RouteContext } from './RouteContext';
import { entityRoutes } from './entityRoutes';
import { applicationRoutes } from './applicationRoutes';
import { fleetRoutes } from './fleetRoutes';
import { inventoryRoutes } from './inventoryRoutes';
import { proxyRoutes } from './proxyRoutes';
import { agentErrorHandler } from './agentErrorHandler';
import { metricsRoutes } from './metricsRoutes';
import { promotionRoutes } from './promotionRoutes';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';

/** The `/api/gitops` router. */
export function createRouter(
  ctx: RouteContext,
  options: { metrics: DeliveryMetricsService },
): express.Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.use(entityRoutes(ctx));
  router.use(applicationRoutes(ctx));
  router.use(fleetRoutes(ctx));
  router.use(inventoryRoutes(ctx));
  router.use(proxyRoutes(ctx));
  router.use(metricsRoutes(ctx, options.metrics));
  router.use(promotionRoutes(ctx, options.metrics));
  router.use(agentErrorHandler);
  return router;
}
