import type { SandboxAgent } from '../agent/SandboxAgent';
import { allowed, permissionDenied, requireApp } from '../agent/access';
import { appQueryFrom } from '../argocd/applicationRoutes';
import { appSetProject } from '../argocd/applicationSetRoutes';
import { findCluster, findRepository } from '../argocd/inventoryRoutes';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { openStream } from '../http/openStream';
import { RequestContext, json } from '../http/types';
import { harnessIdentifier } from '../state/harnessIdentifiers';
import { managedResources } from '../state/manifests';
import { resourceTree } from '../state/resourceTree';
import { revisionMetadata } from '../state/revisionMetadata';
import { applicationSyncWindows } from '../state/syncWindows';
import { Caller } from '../state/types';
import { JsonObject, isObject } from '../util/json';
import { checkAgentIdentifier, checkScope, harnessCaller } from './HarnessAuth';
import { matchesFilter } from './matchesFilter';
import {
  agentObject,
  applicationSetWrapper,
  applicationWrapper,
  clusterWrapper,
  page,
  repositoryWrapper,
} from './harnessObjects';

/** Harness passes Argo CD query parameters with a `query.` prefix. */
function argoQuery(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of query) {
    if (key.startsWith('query.')) out.append(key.slice('query.'.length), value);
  }
  return out;
}

async function objectBody(ctx: RequestContext): Promise<JsonObject> {
  const body = await ctx.body();
  if (!isObject(body))
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'the request body must be a JSON object',
    );
  return body;
}

/** `syncOptions` given either as `{ items: [...] }` or as a plain list. */
function syncOptionsFrom(options: any): any {
  if (Array.isArray(options?.items)) return options.items;
  if (Array.isArray(options)) return options;
  return undefined;
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
    strategy: isObject(body.strategy) ? body.strategy : undefined,
  };
}

/**
 * The Harness GitOps REST API subset: agents, per-agent applications,
 * clusters and repositories, the cross-agent application list, bulk
 * operations and ApplicationSets.
 */
export function harnessRoutes(agent: SandboxAgent): Router {
  const router = new Router();
  const store = agent.store;
  const base = '/gitops/api/v1';
  const agentBase = `${base}/agents/:agentIdentifier`;

  /** Authenticates, checks the scope and (when in the path) the agent. */
  const enter = (ctx: RequestContext, body?: JsonObject): Caller => {
    const caller = harnessCaller(agent, ctx.req);
    checkScope(agent, ctx.query, body);
    if (ctx.params.agentIdentifier !== undefined)
      checkAgentIdentifier(agent, ctx.params.agentIdentifier);
    return caller;
  };
  const initiator = (caller: Caller) => ({ username: caller.subject });

  router.get(`${base}/agents`, ctx => {
    enter(ctx);
    const search = ctx.query.get('searchTerm')?.toLowerCase();
    const agents = [agentObject(agent)].filter(
      a =>
        !search ||
        String(a.name).toLowerCase().includes(search) ||
        String(a.identifier).toLowerCase().includes(search),
    );
    return json(200, page(agents, ctx.query));
  });

  router.get(`${base}/agents/:identifier`, ctx => {
    enter(ctx);
    checkAgentIdentifier(agent, ctx.params.identifier);
    return json(200, agentObject(agent));
  });

  router.get(`${agentBase}/applications`, ctx => {
    const caller = enter(ctx);
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

  router.get(`${agentBase}/applications/:name`, ctx => {
    const caller = enter(ctx);
    const record = app(ctx, caller, ctx.params.name);
    const refresh = ctx.query.get('query.refresh');
    if (refresh) agent.operations.refresh(record, refresh === 'hard');
    return json(200, applicationWrapper(agent, record));
  });

  router.get(`${agentBase}/applications/:name/resource-tree`, ctx => {
    const caller = enter(ctx);
    return json(
      200,
      resourceTree(store.render, app(ctx, caller, ctx.params.name)),
    );
  });

  router.get(`${agentBase}/applications/:name/managed-resources`, ctx => {
    const caller = enter(ctx);
    return json(200, {
      items: managedResources(store.render, app(ctx, caller, ctx.params.name)),
    });
  });

  router.get(
    `${agentBase}/applications/:name/revisions/:revision/metadata`,
    ctx => {
      const caller = enter(ctx);
      return json(
        200,
        revisionMetadata(
          store,
          app(ctx, caller, ctx.params.name),
          ctx.params.revision,
        ),
      );
    },
  );

  router.get(`${agentBase}/applications/:name/syncwindows`, ctx => {
    const caller = enter(ctx);
    const record = app(ctx, caller, ctx.params.name);
    const project = store.projects.get(record.app.spec?.project || 'default');
    return json(200, applicationSyncWindows(project, record.app, store.now()));
  });

  router.post(`${agentBase}/applications/:name/sync`, async ctx => {
    const body = await objectBody(ctx);
    const caller = enter(ctx, body);
    const record = app(ctx, caller, ctx.params.name, 'sync', body);
    return json(
      200,
      agent.operations.sync(record, syncRequestFrom(body), initiator(caller)),
    );
  });

  router.post(`${agentBase}/applications/:name/rollback`, async ctx => {
    const body = await objectBody(ctx);
    const caller = enter(ctx, body);
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

  router.get(`${agentBase}/stream/applications`, ctx => {
    const caller = enter(ctx);
    const query = appQueryFrom(argoQuery(ctx.query));
    const resume = ctx.query.get('query.resourceVersion');
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams, agent.streamFaults);
        const line = (type: string, body: string) =>
          `{"result":{"type":"${type}","application":${body}}}`;
        if (!resume)
          for (const r of store.listApps(caller, query))
            stream.send(line('ADDED', store.serialize(r)));
        stream.onClose(
          store.subscribe(event => {
            if (event.kind !== 'application') return;
            if (
              !store.canSee(caller, event.record.app.spec?.project) ||
              !store.matches(event.record, query)
            )
              return;
            stream.send(line(event.type, store.serialize(event.record)));
          }),
        );
      },
    };
  });

  router.get(`${agentBase}/clusters`, ctx => {
    enter(ctx);
    return json(
      200,
      page(
        store.clusters.map(c => clusterWrapper(agent, c)),
        ctx.query,
      ),
    );
  });

  router.get(`${agentBase}/clusters/:identifier`, ctx => {
    enter(ctx);
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
  router.get(`${agentBase}/projects/:name`, ctx => {
    const caller = harnessCaller(agent, ctx.req);
    checkScope(agent, ctx.query, undefined, { routingId: 'absent' });
    checkAgentIdentifier(agent, ctx.params.agentIdentifier);
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

  router.get(`${agentBase}/repositories`, ctx => {
    enter(ctx);
    return json(
      200,
      page(
        store.repositories.map(r => repositoryWrapper(agent, r)),
        ctx.query,
      ),
    );
  });

  router.get(`${agentBase}/repositories/:identifier`, ctx => {
    enter(ctx);
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

  router.post(`${base}/applicationset`, async ctx => {
    const body = await objectBody(ctx);
    const caller = enter(ctx, body);
    const agentId = ctx.query.get('agentIdentifier') ?? body.agentIdentifier;
    if (!agentId)
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'agentIdentifier is required',
      );
    checkAgentIdentifier(agent, String(agentId));
    const appSet = body.applicationset ?? body.applicationSet;
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

  router.post(`${base}/applicationset/generate`, async ctx => {
    const body = await objectBody(ctx);
    enter(ctx, body);
    const appSet = body.applicationSet ?? body.applicationset;
    if (!isObject(appSet))
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'applicationSet is required',
      );
    return json(200, { applications: agent.applicationSets.preview(appSet) });
  });

  router.post(`${base}/applicationsets`, async ctx => {
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

  router.get(`${base}/applicationset/:identifier`, ctx => {
    const caller = enter(ctx);
    const record = [...store.appSets.values()].find(
      r => r.uuid === ctx.params.identifier,
    );
    if (!record)
      throw new ApiError(
        GrpcCode.NotFound,
        `applicationset ${ctx.params.identifier} not found`,
      );
    const project = appSetProject(record.appSet);
    if (!allowed(store, caller, project, 'get')) {
      throw permissionDenied(
        caller,
        'applicationsets',
        'get',
        `${project}/${record.appSet.metadata?.name}`,
      );
    }
    agent.applicationSets.refreshStatus(record);
    return json(200, applicationSetWrapper(agent, record));
  });

  return router;
}
