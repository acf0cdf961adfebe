import express from 'express';
import type { GitOpsServices } from '../service/GitOpsServices';
import { ApplicationReads } from '../reads/ApplicationReads';
import { DeliveryInsights } from '../reads/DeliveryInsights';
import { EntityReads } from '../reads/EntityReads';
import { FleetReads } from '../reads/FleetReads';
import { InventoryReads } from '../reads/InventoryReads';
import { entityRoutes } from './entityRoutes';
import { applicationRoutes } from './applicationRoutes';
import { resourceRoutes } from './resourceRoutes';
import { fleetRoutes } from './fleetRoutes';
import { inventoryRoutes } from './inventoryRoutes';
import { proxyRoutes } from './proxyRoutes';
import { knownErrorHandler } from './knownErrorHandler';
import { metricsRoutes } from './metricsRoutes';
import { pullRequestRoutes } from './pullRequestRoutes';
import { requireJsonBodies } from './requireJsonBody';
import { boundedJsonBodies } from './boundedJsonBodies';
import { unknownBodyFields } from './unknownBodyFields';
import { createOpenApiRouter } from '../schema/openapi';

/**
 * The `/api/gitops` router, generated from `src/schema/openapi.yaml`: every
 * request is validated against the spec (path, query, body) before a route
 * sees it, and a request the spec does not allow answers 400 naming what is
 * wrong. A body in another media type than JSON answers 415 first. The
 * handlers sit on the typed router itself, so each gets its parameters and
 * body as the spec types them, and hands them to the service of its concern.
 */
export async function createRouter(
  ctx: GitOpsServices,
): Promise<express.Router> {
  const router = await createOpenApiRouter({
    middleware: [
      requireJsonBodies(),
      express.json({ limit: '1mb' }),
      boundedJsonBodies(),
      unknownBodyFields(),
    ],
  });
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  entityRoutes(router, ctx, new EntityReads(ctx));
  applicationRoutes(router, ctx, new ApplicationReads(ctx));
  resourceRoutes(router, ctx);
  fleetRoutes(router, ctx, new FleetReads(ctx));
  inventoryRoutes(router, ctx, new InventoryReads(ctx));
  proxyRoutes(router, ctx);
  metricsRoutes(router, ctx, new DeliveryInsights(ctx));
  pullRequestRoutes(router, ctx);
  router.use(knownErrorHandler);
  return router;
}
