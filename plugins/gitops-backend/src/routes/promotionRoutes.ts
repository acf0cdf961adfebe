import { PromotionInsight } from '@gitops-suite/plugin-gitops-common';
import { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import { computePromotionSteps } from '../promotion/computePromotionInsight';
import { promotionRepoUrl } from '../promotion/repoUrlPickerValue';
import { GitOpsService } from '../service/GitOpsService';
import { readableEntity } from '../service/readableEntity';
import {
  GitOpsRouter,
  requestCredentials,
  routeEntityRef,
  sendJson,
} from './httpAdapters';

/** What separates each environment of an entity from the next one. */
export function promotionRoutes(
  router: GitOpsRouter,
  ctx: GitOpsService,
  metrics: DeliveryMetricsService,
  clock: () => Date = () => new Date(),
) {
  const { aggregator, environments } = ctx.deps;

  router.get('/entity/:namespace/:kind/:name/promotion', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { entity, entityRef, query } = await readableEntity(
      ctx,
      credentials,
      routeEntityRef(req.params),
    );
    // what runs comes from the fleet state; what ran before from the
    // deployments the recorder recorded (what came before this request first)
    const apps = await aggregator.entityApplications(query);
    await metrics.recorded();
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
}
