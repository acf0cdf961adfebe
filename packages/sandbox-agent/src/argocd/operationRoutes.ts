import type { SandboxAgent } from '../agent/SandboxAgent';
import { RbacAction, requireApp } from '../agent/access';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { RequestContext, json } from '../http/types';
import { ActionTarget, listResourceActions, runResourceAction } from '../state/resourceActions';
import { terminateOperation } from '../state/terminateOperation';
import { AppRecord } from '../state/types';
import { argoCaller } from './ArgoAuth';

/** The query of `/resource/actions`: the resource an action is for. */
export function actionTargetFrom(query: URLSearchParams, prefix = ''): ActionTarget {
  const get = (key: string) => query.get(`${prefix}${key}`) ?? undefined;
  return {
    namespace: get('namespace'),
    resourceName: get('resourceName'),
    version: get('version'),
    group: get('group'),
    kind: get('kind'),
  };
}

/**
 * Terminating the running operation and resource actions (list and run), as
 * Argo CD's swagger defines them: `DELETE /api/v1/applications/{name}/operation`
 * (query appNamespace, project) answers `{}`;
 * `GET|POST /api/v1/applications/{name}/resource/actions` take the resource
 * in the query (namespace, resourceName, version, group, kind, appNamespace,
 * project), and the POST's body is the action's name as a JSON string
 * (RunResourceAction; the deprecated v1 route, which every Argo CD since 1.x
 * serves). RBAC: terminate needs `sync`, running an action `action` (for a
 * user's ID token, `action/<group>/<kind>/<action>` as Argo CD checks it).
 */
export function addOperationRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  const app = (ctx: RequestContext, action: RbacAction, caller = argoCaller(agent, ctx.req)): AppRecord => {
    const record = requireApp(store, caller, ctx.params.name, ctx.query.get('appNamespace'), action);
    const project = ctx.query.get('project');
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    return record;
  };

  router.delete('/api/v1/applications/:name/operation', ctx => {
    terminateOperation(store, app(ctx, 'sync'));
    return json(200, {});
  });

  router.get('/api/v1/applications/:name/resource/actions', ctx => {
    const record = app(ctx, 'get');
    return json(200, listResourceActions(store, record, actionTargetFrom(ctx.query)));
  });

  router.post('/api/v1/applications/:name/resource/actions', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const readAction = async () => {
      const action = await ctx.body();
      if (typeof action !== 'string' || !action) {
        throw new ApiError(GrpcCode.InvalidArgument, 'the request body must be the action name, a JSON string');
      }
      return action;
    };
    const target = actionTargetFrom(ctx.query);
    let record: AppRecord;
    let action: string;
    if (caller.rbac) {
      // a user's RBAC names the action: action/<group>/<kind>/<action>
      action = await readAction();
      record = app(ctx, `action/${target.group ?? ''}/${target.kind ?? ''}/${action}`, caller);
    } else {
      record = app(ctx, 'action', caller);
      action = await readAction();
    }
    runResourceAction(store, record, target, action);
    return json(200, {});
  });
}
