import { DeliveryInsights } from '../reads/DeliveryInsights';
import type { GitOpsServices } from '../service/GitOpsServices';
import { entityAnswer, GitOpsRouter } from './httpAdapters';

/** What separates each environment of an entity from the next one. */
export function promotionRoutes(
  router: GitOpsRouter,
  ctx: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  insights: DeliveryInsights,
) {
  router.get(
    '/entity/:namespace/:kind/:name/promotion',
    entityAnswer(ctx, (credentials, ref) =>
      insights.promotion(credentials, ref),
    ),
  );
}
