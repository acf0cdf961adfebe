import {
  listPromotionPullRequests,
  mergePromotionPullRequest,
} from '../pullrequests/promotionPullRequests';
import { decideGitWrite } from '../pullrequests/decideGitWrite';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  entityAnswer,
  GitOpsRouter,
  requestCredentials,
  routeEntityRef,
  sendJson,
} from './httpAdapters';

/** An entity's open promotion pull requests, merging one, and deciding a git write up front. */
export function pullRequestRoutes(
  router: GitOpsRouter,
  ctx: Pick<
    GitOpsServices,
    'access' | 'fleet' | 'httpAuth' | 'operations' | 'pullRequests' | 'scrubber'
  >,
) {
  router.get(
    '/entity/:namespace/:kind/:name/pull-requests',
    entityAnswer(ctx, (credentials, ref) =>
      listPromotionPullRequests(ctx, credentials, ref),
    ),
  );

  router.post(
    '/entity/:namespace/:kind/:name/pull-requests/merge',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      const { repoUrl, number } = req.body;
      const result = await mergePromotionPullRequest(
        ctx,
        { credentials, ref: routeEntityRef(req.params), request: req },
        { repoUrl, number },
      );
      sendJson(ctx, res, result);
    },
  );

  router.post(
    '/entity/:namespace/:kind/:name/git-writes/authorize',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      const decision = await decideGitWrite(
        ctx,
        credentials,
        routeEntityRef(req.params),
        req.body,
      );
      sendJson(ctx, res, decision);
    },
  );
}
