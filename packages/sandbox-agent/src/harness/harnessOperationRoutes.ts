import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp } from '../agent/access';
import { actionTargetFrom } from '../argocd/operationRoutes';
import { ApiError, GrpcCode } from '../http/ApiError';
import { json } from '../http/types';
import { patchApplication } from '../state/patchApplication';
import { listResourceActions, runResourceAction } from '../state/resourceActions';
import { terminateOperation } from '../state/terminateOperation';
import { JsonObject, isObject } from '../util/json';
import { applicationWrapper } from './harnessObjects';
import type { SdkRoute } from './sdkRoutes';

function text(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value !== undefined && typeof value !== 'string') {
    throw new ApiError(GrpcCode.InvalidArgument, `${key} must be a string`);
  }
  return value || undefined;
}

/**
 * The Harness gateway's patch, terminate and resource-action operations, as the
 * SDK sends them (the request checks are sdkRoutes'):
 * AgentApplicationServiceTerminateOperation (the scope only; answers `{}`),
 * AgentApplicationServiceListResourceActions (the resource as
 * `request.`-prefixed query parameters; answers `{actions}`) and
 * AgentApplicationServiceRunResourceAction (the resource and the action in
 * an ApplicationsResourceActionRunRequest body; answers `{}`) and
 * AgentApplicationServicePatch (the scope in a
 * Servicev1ApplicationPatchRequest, Argo CD's patch request in `request`;
 * answers the application's wrapper). Behind them
 * is the same Argo CD behaviour as the sandbox's Argo CD routes.
 */
export function harnessOperationRoutes(agent: SandboxAgent, sdk: SdkRoute) {
  const store = agent.store;

  sdk('AgentApplicationServiceTerminateOperation', (ctx, caller) => {
    terminateOperation(store, requireApp(store, caller, ctx.params.name, undefined, 'sync'));
    return json(200, {});
  });

  sdk('AgentApplicationServicePatch', (ctx, caller, body) => {
    const request = body.request;
    if (!isObject(request)) throw new ApiError(GrpcCode.InvalidArgument, 'request must be an object');
    const name = text(request, 'name');
    if (name !== undefined && name !== ctx.params.name) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `name ${name} in the body differs from ${ctx.params.name} in the path`,
      );
    }
    const record = requireApp(store, caller, ctx.params.name, text(request, 'appNamespace'), 'update');
    const project = text(request, 'project');
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    patchApplication(store, agent.operations, record, request.patchType, request.patch);
    return json(200, applicationWrapper(agent, record));
  });

  sdk('AgentApplicationServiceListResourceActions', (ctx, caller) => {
    const record = requireApp(store, caller, ctx.params.name, ctx.query.get('request.appNamespace'), 'get');
    const project = ctx.query.get('request.project');
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    return json(200, listResourceActions(store, record, actionTargetFrom(ctx.query, 'request.')));
  });

  sdk('AgentApplicationServiceRunResourceAction', (ctx, caller, body) => {
    const name = text(body, 'name');
    if (name !== undefined && name !== ctx.params.name) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `name ${name} in the body differs from ${ctx.params.name} in the path`,
      );
    }
    const action = text(body, 'action');
    if (!action) throw new ApiError(GrpcCode.InvalidArgument, 'action is required');
    const record = requireApp(store, caller, ctx.params.name, text(body, 'appNamespace'), 'action');
    const project = text(body, 'project');
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    runResourceAction(
      store,
      record,
      {
        namespace: text(body, 'namespace'),
        resourceName: text(body, 'resourceName'),
        version: text(body, 'version'),
        group: text(body, 'group'),
        kind: text(body, 'kind'),
      },
      action,
    );
    return json(200, {});
  });
}
