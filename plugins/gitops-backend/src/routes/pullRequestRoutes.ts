import Router from 'express-promise-router';
import {
  listPromotionPullRequests,
  mergePromotionPullRequest,
} from '../pullrequests/promotionPullRequests';
import { GitOpsService } from '../service/GitOpsService';
import { requestCredentials, sendJson } from './httpAdapters';

/** An entity's open promotion pull requests, and merging one. */
export function pullRequestRoutes(ctx: GitOpsService) {
  const router = Router();
  const refOf = (params: Record<string, string>) => ({
    kind: params.kind,
    namespace: params.namespace,
    name: params.name,
  });

  router.get('/entity/:namespace/:kind/:name/pull-requests', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await listPromotionPullRequests(ctx, credentials, refOf(req.params)));
  });

  router.post('/entity/:namespace/:kind/:name/pull-requests/merge', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const result = await mergePromotionPullRequest(
      ctx,
      { credentials, ref: refOf(req.params), request: req },
      { repoUrl: req.body.repoUrl, number: req.body.number },
    );
    sendJson(ctx, res, result);
  });

  return router;
}
