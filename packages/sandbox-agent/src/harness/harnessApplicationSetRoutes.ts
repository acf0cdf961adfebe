import type { SandboxAgent } from '../agent/SandboxAgent';
import { allowed, permissionDenied, RbacAction } from '../agent/access';
import type { Caller } from '../state/types';
import { appSetProject } from '../argocd/applicationSetRoutes';
import { ApiError, GrpcCode } from '../http/ApiError';
import { json } from '../http/types';
import { isObject } from '../util/json';
import { checkAgentIdentifier } from './HarnessAuth';
import { applicationSetWrapper, page } from './harnessObjects';
import type { SdkRoute } from './sdkRoutes';

/**
 * Harness's ApplicationSet operations, as the SDK sends them: create and
 * generate with the scope and the agent as query parameters and bodies of
 * their models only ({applicationset, upsert, dryRun}, {applicationset});
 * the list with no query string, its scope in the V1ApplicationSetQuery
 * body; one ApplicationSet read or deleted by its UUID.
 */
export function harnessApplicationSetRoutes(
  agent: SandboxAgent,
  sdk: SdkRoute,
) {
  const store = agent.store;

  sdk('ApplicationSetServiceCreate', (ctx, caller, body) => {
    const agentId = ctx.query.get('agentIdentifier');
    if (!agentId)
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'agentIdentifier is required',
      );
    checkAgentIdentifier(agent, String(agentId));
    const appSet = body.applicationset;
    if (!isObject(appSet))
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'applicationset is required',
      );
    const project = appSetProject(appSet);
    if (!allowed(store, caller, project, 'create')) {
      throw permissionDenied(
        caller,
        'applicationsets',
        'create',
        `${project}/${appSet.metadata?.name ?? ''}`,
      );
    }
    const created = agent.applicationSets.create(appSet, {
      upsert: Boolean(body.upsert),
      dryRun: Boolean(body.dryRun),
    });
    const record = store.findAppSet(
      created.metadata.name,
      created.metadata.namespace,
    );
    const wrapper =
      record && !body.dryRun
        ? applicationSetWrapper(agent, record)
        : {
            ...applicationSetWrapper(agent, {
              key: '',
              uuid: '',
              appSet: created,
            }),
            identifier: undefined,
          };
    return json(200, wrapper);
  });

  sdk('ApplicationSetServiceGenerate', (_ctx, _caller, body) => {
    const appSet = body.applicationset;
    if (!isObject(appSet))
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'applicationset is required',
      );
    return json(200, { applications: agent.applicationSets.preview(appSet) });
  });

  sdk('ApplicationSetServiceList', (ctx, caller, body) => {
    if (
      body.agentIdentifier &&
      body.agentIdentifier !== agent.config.harness!.agentIdentifier
    ) {
      return json(200, page([], ctx.query, body));
    }
    const search =
      typeof body.searchTerm === 'string' ? body.searchTerm.toLowerCase() : '';
    const items = [...store.appSets.values()]
      .filter(r => allowed(store, caller, appSetProject(r.appSet), 'get'))
      .filter(
        r =>
          !search ||
          String(r.appSet.metadata?.name).toLowerCase().includes(search),
      )
      .map(r => {
        agent.applicationSets.refreshStatus(r);
        return applicationSetWrapper(agent, r);
      });
    return json(200, page(items, ctx.query, body));
  });

  /** The set of a `{identifier}` path, when the caller may `verb` it. */
  function requireAppSet(identifier: string, caller: Caller, verb: RbacAction) {
    const record = [...store.appSets.values()].find(r => r.uuid === identifier);
    if (!record)
      throw new ApiError(
        GrpcCode.NotFound,
        `applicationset ${identifier} not found`,
      );
    const project = appSetProject(record.appSet);
    if (!allowed(store, caller, project, verb)) {
      throw permissionDenied(
        caller,
        'applicationsets',
        verb,
        `${project}/${record.appSet.metadata?.name}`,
      );
    }
    return record;
  }

  sdk('ApplicationSetServiceGet', (ctx, caller) => {
    const record = requireAppSet(ctx.params.identifier, caller, 'get');
    agent.applicationSets.refreshStatus(record);
    return json(200, applicationSetWrapper(agent, record));
  });

  // answers the deleted set, as ApplicationsApplicationSetResponse holds it
  sdk('ApplicationSetServiceDelete', (ctx, caller) => {
    const record = requireAppSet(ctx.params.identifier, caller, 'delete');
    const wrapper = applicationSetWrapper(agent, record);
    agent.applicationSets.delete(record);
    return json(200, wrapper);
  });
}
