import Router from 'express-promise-router';
import {
  gitopsApplicationReadPermission,
  PromotionInsight,
} from '@gitops-suite/plugin-gitops-common';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { computePromotionSteps } from '../promotion/computePromotionInsight';
import { promotionRepoUrl } from '../promotion/repoUrlPickerValue';
import { GitOpsService } from '../service/GitOpsService';
import { requestCredentials, routeEntity, sendJson } from './httpAdapters';

/** Revision metadata calls a promotion view may spend on commit dates. */
const PROMOTION_METADATA_BUDGET = 50;

/** What separates each environment of an entity from the next one. */
export function promotionRoutes(
  ctx: GitOpsService,
  metrics: DeliveryMetricsService,
  clock: () => Date = () => new Date(),
) {
  const router = Router();
  const { aggregator, environments } = ctx.deps;

  router.get('/entity/:namespace/:kind/:name/promotion', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { entity, entityRef, query } = await routeEntity(
      ctx,
      req,
      credentials,
    );
    await ctx.authorizeEntity(
      credentials,
      gitopsApplicationReadPermission,
      entityRef,
    );
    // what runs comes from the fleet state; what ran before from the
    // recorded deployments (an application is read in full only when this
    // replica never recorded it, or in the background once it is a minute old)
    const apps = await aggregator.entityApplications(query);
    const collected = await metrics.collector.ensureRecorded(apps.items, {
      metadataBudget: PROMOTION_METADATA_BUDGET,
    });
    const deployments = await metrics.store.listDeployments(
      apps.items.map(app => app.key),
    );
    const repoUrl = promotionRepoUrl(
      entity,
      apps.items.flatMap(app => app.sources.map(s => s.repoURL)),
    );
    const now = clock();
    const insight = computePromotionSteps({
      applications: apps.items,
      deployments,
      environments,
      repoUrl,
      now,
    });
    const body: PromotionInsight = {
      entityRef,
      generatedAt: now.toISOString(),
      ...insight,
      errors: [...apps.errors, ...collected.errors],
    };
    sendJson(ctx, res, body);
  });

  return router;
}
