import express from 'express';
import Router from 'express-promise-router';
import { RouteContext } from './RouteContext';
import { entityRoutes } from './entityRoutes';
import { applicationRoutes } from './applicationRoutes';
import { fleetRoutes } from './fleetRoutes';
import { inventoryRoutes } from './inventoryRoutes';
import { proxyRoutes } from './proxyRoutes';
import { agentErrorHandler } from './agentErrorHandler';

/** The `/api/gitops` router. */
export function createRouter(ctx: RouteContext): express.Router {
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
  router.use(agentErrorHandler);
  return router;
}
