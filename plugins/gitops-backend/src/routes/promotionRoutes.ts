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
    // deployments the recorder recorded (what came before this request first)
    const apps = await aggregator.entityApplications(query);
    await metrics.recorded(apps.items.map(app => app.key));
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
      errors: apps.errors,
    };
    sendJson(ctx, res, body);
  });

  return router;
}
