import { FleetReads } from '../reads/FleetReads';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  defaulted,
  GitOpsRouter,
  listQuery,
  requestCredentials,
  sendJson,
} from './httpAdapters';

/** Fleet-wide views: summary, filtered application list, audit and drift. */
export function fleetRoutes(
  router: GitOpsRouter,
  ctx: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  fleet: FleetReads,
) {
  router.get('/fleet/summary', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await fleet.summary(credentials, listQuery(req.query)));
  });

  router.get('/fleet/applications', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const page = defaulted(listQuery(req.query), ['limit']);
    sendJson(ctx, res, await fleet.applications(credentials, page));
  });

  router.get('/audit', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await fleet.operations(credentials, req.query));
  });

  router.get('/drift', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await fleet.drift(credentials, req.query));
  });
}
