import { DeliveryInsights } from '../reads/DeliveryInsights';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  defaulted,
  GitOpsRouter,
  listQuery,
  requestCredentials,
  routeEntityRef,
  sendJson,
} from './httpAdapters';

/** Delivery metrics (DORA) of an entity and of the fleet. */
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

  router.get('/fleet/metrics', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const query = defaulted(listQuery(req.query), ['window']);
    sendJson(ctx, res, await insights.fleetMetrics(credentials, query));
  });
}
