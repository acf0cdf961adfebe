import type { SandboxAgent } from '../agent/SandboxAgent';
import { permissionDenied, requireApp } from '../agent/access';
import { appQueryFrom } from '../argocd/applicationRoutes';
import { findCluster, findRepository } from '../argocd/inventoryRoutes';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { RequestContext, json } from '../http/types';
import { harnessIdentifier } from '../state/harnessIdentifiers';
import { managedResources } from '../state/manifests';
import { resourceTree } from '../state/resourceTree';
import { revisionMetadata } from '../state/revisionMetadata';
import { applicationSyncWindows } from '../state/syncWindows';
import { Caller } from '../state/types';
import { JsonObject, isObject } from '../util/json';
import { checkAgentIdentifier, checkScope, harnessCaller } from './HarnessAuth';
import { addAccessControlRoutes } from './accessControl';
import { harnessApplicationSetRoutes } from './harnessApplicationSetRoutes';
import { argoQuery, harnessStreamRoutes } from './harnessStreamRoutes';
import { harnessResourceReadRoutes } from './harnessResourceReadRoutes';
import { harnessOperationRoutes } from './harnessOperationRoutes';
import { objectBody, sdkRoutes } from './sdkRoutes';
import { matchesFilter } from './matchesFilter';
import {
  agentObject,
  applicationWrapper,
  clusterWrapper,
  page,
  repositoryWrapper,
} from './harnessObjects';

/** `syncOptions` given either as `{ items: [...] }` or as a plain list. */
function syncOptionsFrom(options: any): any {
  if (Array.isArray(options?.items)) return options.items;
  if (Array.isArray(options)) return options;
  return undefined;
}

/**
 * The sync strategy as Argo CD records it: the SDK's hook model
 * (ApplicationsSyncStrategyHook) holds the apply options under
 * `syncStrategyApply`, which Argo CD's own JSON inlines (`hook: {force}`).
 */
function syncStrategyFrom(strategy: unknown): JsonObject | undefined {
  if (!isObject(strategy)) return undefined;
  const hook = strategy.hook;
  if (!isObject(hook) || !isObject(hook.syncStrategyApply)) return strategy;
  return { ...strategy, hook: { ...hook.syncStrategyApply } };
}

function syncRequestFrom(body: JsonObject) {
  const options = body.syncOptions;
  return {
    revision: typeof body.revision === 'string' ? body.revision : undefined,
    revisions: Array.isArray(body.revisions)
      ? body.revisions.map(String)
      : undefined,
    sourcePositions: Array.isArray(body.sourcePositions)
      ? body.sourcePositions
      : undefined,
    prune: Boolean(body.prune),
    dryRun: Boolean(body.dryRun),
    resources: Array.isArray(body.resources) ? body.resources : undefined,
    syncOptions: syncOptionsFrom(options),
    strategy: syncStrategyFrom(body.strategy),
    retryStrategy: isObject(body.retryStrategy) ? body.retryStrategy : undefined,
  };
}

/**
 * The Harness GitOps REST API subset: agents, per-agent applications,
 * clusters and repositories, the cross-agent application list, bulk
 * operations and ApplicationSets. Each operation of the Harness Go SDK is
 * registered from its definition (sdk-operations.json): its method and path,
 * and a refusal (400, grpc-gateway's {code, message}) of any query parameter
 * it does not take and any body field outside its model (sdkRequestCheck.ts
 * says where the sandbox is lenient and why).
 */
export function harnessRoutes(agent: SandboxAgent): Router {
  const router = new Router();
  const store = agent.store;
  const base = '/gitops/api/v1';

  const sdk = sdkRoutes(router, agent);

  /** For the calls outside the SDK: authenticates, checks the whole scope and the agent. */
  const enter = (ctx: RequestContext, body?: JsonObject): Caller => {
    const caller = harnessCaller(agent, ctx.req);
    checkScope(agent, ctx.query, body);
    if (ctx.params.agentIdentifier !== undefined)
      checkAgentIdentifier(agent, ctx.params.agentIdentifier);
    return caller;
  };
  const initiator = (caller: Caller) => ({ username: caller.subject });

  sdk('AgentServiceForServerList', ctx => {
    const search = ctx.query.get('searchTerm')?.toLowerCase();
    const agents = [agentObject(agent)].filter(
      a =>
        !search ||
        String(a.name).toLowerCase().includes(search) ||
        String(a.identifier).toLowerCase().includes(search),
    );
    return json(200, page(agents, ctx.query));
  });

  sdk('AgentServiceForServerGet', ctx => {
    checkAgentIdentifier(agent, ctx.params.identifier);
    return json(200, agentObject(agent));
  });

  sdk('AgentApplicationServiceList', (ctx, caller) => {
    const q = argoQuery(ctx.query);
    const records = store.listApps(caller, appQueryFrom(q));
    const refresh = q.get('refresh');
    if (refresh)
      for (const r of records) agent.operations.refresh(r, refresh === 'hard');
    const items = records.map(r => store.serialize(r));
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: `{"metadata":{"resourceVersion":"${store.resourceVersion()}"},"items":[${items.join(
        ',',
      )}]}`,
    };
  });

  const app = (
    ctx: RequestContext,
    caller: Caller,
    name: string,
    action: 'get' | 'sync' = 'get',
    body?: JsonObject,
  ) =>
    requireApp(
      store,
      caller,
      name,
      (body?.appNamespace as string) ||
        ctx.query.get('query.appNamespace') ||
        ctx.query.get('request.appNamespace'),
      action,
    );

  sdk('AgentApplicationServiceGet', (ctx, caller) => {
    const record = app(ctx, caller, ctx.params.name);
    const refresh = ctx.query.get('query.refresh');
    if (refresh) agent.operations.refresh(record, refresh === 'hard');
    return json(200, applicationWrapper(agent, record));
  });

  sdk('AgentApplicationServiceResourceTree', (ctx, caller) => {
    return json(
      200,
      resourceTree(store.render, app(ctx, caller, ctx.params.name)),
    );
  });

  sdk('AgentApplicationServiceManagedResources', (ctx, caller) => {
    return json(200, {
      items: managedResources(
        store.render,
        app(ctx, caller, ctx.params.applicationName),
      ),
    });
  });

  sdk('AgentApplicationServiceRevisionMetadata', (ctx, caller) => {
    return json(
      200,
      revisionMetadata(
        store,
        app(ctx, caller, ctx.params.name),
        ctx.params.revision,
      ),
    );
  });

  sdk('AgentApplicationServiceGetApplicationSyncWindows', (ctx, caller) => {
    const record = app(ctx, caller, ctx.params.name);
    const project = store.projects.get(record.app.spec?.project || 'default');
    return json(200, applicationSyncWindows(project, record.app, store.now()));
  });

  sdk('AgentApplicationServiceSync', (ctx, caller, body) => {
    const record = app(ctx, caller, ctx.params.name, 'sync', body);
    return json(
      200,
      agent.operations.sync(record, syncRequestFrom(body), initiator(caller)),
    );
  });

  sdk('AgentApplicationServiceRollback', (ctx, caller, body) => {
    const record = app(ctx, caller, ctx.params.name, 'sync', body);
    return json(
      200,
      agent.operations.rollback(
        record,
        {
          id: body.id,
          dryRun: Boolean(body.dryRun),
          prune: Boolean(body.prune),
        },
        initiator(caller),
      ),
    );
  });

  harnessStreamRoutes(agent, sdk);

  sdk('AgentClusterServiceList', ctx => {
    return json(
      200,
      page(
        store.clusters.map(c => clusterWrapper(agent, c)),
        ctx.query,
      ),
    );
  });

  sdk('AgentClusterServiceGet', ctx => {
    const cluster =
      store.clusters.find(
        c => harnessIdentifier(c, String(c.name)) === ctx.params.identifier,
      ) ?? findCluster(agent, ctx.params.identifier);
    if (!cluster)
      throw new ApiError(
        GrpcCode.NotFound,
        `cluster ${ctx.params.identifier} not found`,
      );
    return json(200, clusterWrapper(agent, cluster));
  });

  // AgentProjectServiceGet: the Argo CD AppProject under the agent; the
  // SDK sends the scope as query parameters and no routingId
  sdk('AgentProjectServiceGet', (ctx, caller) => {
    const project = store.projects.get(ctx.params.name);
    if (!project)
      throw new ApiError(
        GrpcCode.NotFound,
        `appprojects.argoproj.io "${ctx.params.name}" not found`,
      );
    if (!store.canSee(caller, ctx.params.name))
      throw permissionDenied(caller, 'projects', 'get', ctx.params.name);
    return json(200, project);
  });

  sdk('AgentRepositoryServiceListRepositories', ctx => {
    return json(
      200,
      page(
        store.repositories.map(r => repositoryWrapper(agent, r)),
        ctx.query,
      ),
    );
  });

  sdk('AgentRepositoryServiceGet', ctx => {
    const repo =
      store.repositories.find(
        r => harnessIdentifier(r, String(r.name)) === ctx.params.identifier,
      ) ?? findRepository(agent, ctx.params.identifier);
    if (!repo)
      throw new ApiError(
        GrpcCode.NotFound,
        `repository ${ctx.params.identifier} not found`,
      );
    return json(200, repositoryWrapper(agent, repo));
  });

  router.post(`${base}/applications`, async ctx => {
    const body = await objectBody(ctx);
    const caller = enter(ctx, body);
    if (
      body.agentIdentifier &&
      body.agentIdentifier !== agent.config.harness!.agentIdentifier
    ) {
      return json(200, page([], ctx.query, body));
    }
    const search =
      typeof body.searchTerm === 'string' ? body.searchTerm.toLowerCase() : '';
    const wrappers = store
      .listApps(caller, {})
      .map(r => applicationWrapper(agent, r))
      .filter(w => !search || String(w.name).toLowerCase().includes(search))
      .filter(w => matchesFilter(w, body));
    return json(200, page(wrappers, ctx.query, body));
  });

  const bulk =
    (operation: 'refresh' | 'sync') => async (ctx: RequestContext) => {
      const body = await objectBody(ctx);
      const caller = enter(ctx, body);
      const targets: JsonObject[] = Array.isArray(body.applicationTargets)
        ? body.applicationTargets
        : [];
      if (!targets.length)
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'applicationTargets is required',
        );
      const records = targets.map(t => {
        if (t.agentIdentifier !== undefined)
          checkAgentIdentifier(agent, String(t.agentIdentifier));
        return app(
          ctx,
          caller,
          String(t.applicationName ?? t.name ?? ''),
          operation === 'sync' ? 'sync' : 'get',
          t,
        );
      });
      for (const record of records) {
        if (operation === 'refresh')
          agent.operations.refresh(
            record,
            body.hard === true || body.refresh === 'hard',
          );
        else
          agent.operations.sync(
            record,
            syncRequestFrom(body),
            initiator(caller),
          );
      }
      return json(200, {});
    };
  router.post(`${base}/applications/bulk/refresh`, bulk('refresh'));
  router.post(`${base}/applications/bulk/sync`, bulk('sync'));

  harnessApplicationSetRoutes(agent, sdk);
  harnessResourceReadRoutes(agent, sdk);
  harnessOperationRoutes(agent, sdk);
  // Harness's access control (outside the GitOps API): what `accessControl` grants
  addAccessControlRoutes(router, agent);

  return router;
}
