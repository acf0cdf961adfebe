import { ApplicationReads } from '../reads/ApplicationReads';
import type { GitOpsServices } from '../service/GitOpsServices';
import { refresh, rollback, sync } from '../service/applicationOperations';
import { updateSyncPolicy } from '../service/syncPolicyOperation';
import { revertApplication } from '../pullrequests/revertPullRequests';
import {
  listResourceActions,
  resourceAction,
  terminate,
} from '../service/resourceOperations';
import {
  applicationAnswer,
  defaulted,
  GitOpsRouter,
  operationCaller,
  requestCredentials,
  requestUserToken,
  routeApplication,
  sendJson,
} from './httpAdapters';

const APP = '/entity/:namespace/:kind/:name/applications/:agentId/:appName';

/** Reads and operations on one application of an entity. */
export function applicationRoutes(
  router: GitOpsRouter,
  ctx: Pick<
    GitOpsServices,
    'access' | 'httpAuth' | 'operations' | 'pullRequests' | 'scrubber'
  >,
  applications: ApplicationReads,
) {
  router.get(
    APP,
    applicationAnswer(ctx, (credentials, target) =>
      applications.application(credentials, target),
    ),
  );
  router.get(
    `${APP}/resource-tree`,
    applicationAnswer(ctx, (credentials, target) =>
      applications.resourceTree(credentials, target),
    ),
  );
  router.get(
    `${APP}/diff`,
    applicationAnswer(ctx, (credentials, target) =>
      applications.diff(credentials, target),
    ),
  );
  router.get(`${APP}/revisions/:revision`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const target = routeApplication(req);
    const { revision } = req.params;
    sendJson(
      ctx,
      res,
      await applications.revision(credentials, target, revision),
    );
  });
  router.get(
    `${APP}/syncwindows`,
    applicationAnswer(ctx, (credentials, target) =>
      applications.syncWindows(credentials, target),
    ),
  );
  router.get(
    `${APP}/events`,
    applicationAnswer(ctx, (credentials, target) =>
      applications.events(credentials, target),
    ),
  );

  router.get(`${APP}/agent-permissions`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await applications.agentPermissions(
        credentials,
        routeApplication(req),
        requestUserToken(req),
      ),
    );
  });

  router.post(`${APP}/refresh`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    const body = defaulted(req.body, ['mode']);
    sendJson(ctx, res, await refresh(ctx, caller, body));
  });
  router.post(`${APP}/sync`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await sync(ctx, caller, req.body));
  });
  router.post(`${APP}/rollback`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await rollback(ctx, caller, req.body));
  });
  router.post(`${APP}/revert`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await revertApplication(ctx, caller, req.body));
  });
  router.put(`${APP}/sync-policy`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await updateSyncPolicy(ctx, caller, req.body));
  });
  router.post(`${APP}/terminate`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await terminate(ctx, caller));
  });

  router.get(`${APP}/resource-actions`, async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { query } = req;
    const items = await listResourceActions(
      ctx,
      credentials,
      routeApplication(req),
      {
        kind: query.resourceKind,
        name: query.resourceName,
        group: query.resourceGroup ?? '',
        version: query.resourceVersion ?? '',
        namespace: query.resourceNamespace ?? '',
      },
    );
    sendJson(ctx, res, { items });
  });
  router.post(`${APP}/resource-actions`, async (req, res) => {
    const caller = await operationCaller(ctx, req);
    sendJson(ctx, res, await resourceAction(ctx, caller, req.body));
  });
}
