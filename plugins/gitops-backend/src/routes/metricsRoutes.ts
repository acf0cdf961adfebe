import { DeliveryInsights } from '../reads/DeliveryInsights';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  defaulted,
  entityAnswer,
  GitOpsRouter,
  listQuery,
  requestCredentials,
  routeEntityRef,
  sendJson,
} from './httpAdapters';

/**
 * Delivery insights: the metrics (DORA) of an entity and of the fleet, and
 * what separates each environment of an entity from the next one.
 */
export function metricsRoutes(
  router: GitOpsRouter,
  ctx: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  insights: DeliveryInsights,
) {
  router.get('/entity/:namespace/:kind/:name/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const ref = routeEntityRef(req.params);
    const { window } = defaulted(req.query, ['window']);
    sendJson(ctx, res, await insights.entityMetrics(credentials, ref, window));
  });

  router.get(
    '/entity/:namespace/:kind/:name/promotion',
    entityAnswer(ctx, (credentials, ref) =>
      insights.promotion(credentials, ref),
    ),
  );

  router.get('/fleet/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const query = defaulted(listQuery(req.query), ['window']);
    sendJson(ctx, res, await insights.fleetMetrics(credentials, query));
  });
}
