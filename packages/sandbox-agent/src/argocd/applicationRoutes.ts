import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp } from '../agent/access';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { RequestContext, json, rawJson } from '../http/types';
import { AppQuery } from '../state/AgentStore';
import { parseFieldSelection, projectApplication } from '../state/fieldSelection';
import { LabelSelectorError, parseLabelSelector } from '../state/labelSelector';
import { managedResources } from '../state/manifests';
import { patchApplication } from '../state/patchApplication';
import { SyncRequest } from '../state/operations';
import { resourceTree } from '../state/resourceTree';
import { revisionMetadata } from '../state/revisionMetadata';
import { applicationSyncWindows } from '../state/syncWindows';
import { AppRecord, Caller } from '../state/types';
import { JsonObject, isObject } from '../util/json';
import { argoCaller } from './ArgoAuth';

/** The filters of GET /api/v1/applications and its stream. */
export function appQueryFrom(query: URLSearchParams): AppQuery {
  let selector;
  const raw = query.get('selector');
  if (raw) {
    try {
      selector = parseLabelSelector(raw);
    } catch (error) {
      if (error instanceof LabelSelectorError) {
        throw new ApiError(GrpcCode.InvalidArgument, `error parsing labels: ${error.message}`);
      }
      throw error;
    }
  }
  const projects = [...query.getAll('projects'), ...query.getAll('project')]
    .flatMap(p => p.split(','))
    .filter(Boolean);
  return {
    name: query.get('name') || undefined,
    projects: projects.length ? projects : undefined,
    selector,
    repo: query.get('repo') || undefined,
    appNamespace: query.get('appNamespace') || undefined,
  };
}

/** An ApplicationList body; served from each app's cached JSON when not projected. */
export function applicationListBody(
  agent: SandboxAgent,
  records: AppRecord[],
  fields: string | null,
): string {
  const selection = parseFieldSelection(fields);
  const metadata = JSON.stringify({ resourceVersion: agent.store.resourceVersion() });
  if (!selection) {
    return `{"metadata":${metadata},"items":[${records.map(r => agent.store.serialize(r)).join(',')}]}`;
  }
  const items = records.map(r => JSON.stringify(projectApplication(r.app, selection)));
  return `{"metadata":${metadata},"items":[${items.join(',')}]}`;
}

function appNamespaceOf(ctx: RequestContext, body?: JsonObject) {
  return (body?.appNamespace as string | undefined) || ctx.query.get('appNamespace') || undefined;
}

function requireObject(body: unknown, what: string): JsonObject {
  if (!isObject(body)) throw new ApiError(GrpcCode.InvalidArgument, `${what} must be a JSON object`);
  return body;
}

function syncRequestFrom(body: JsonObject): SyncRequest {
  const options = body.syncOptions;
  if (options !== undefined && !(isObject(options) && (options.items === undefined || Array.isArray(options.items)))) {
    throw new ApiError(GrpcCode.InvalidArgument, 'syncOptions must be {"items": [...]}');
  }
  if (body.resources !== undefined && !Array.isArray(body.resources)) {
    throw new ApiError(GrpcCode.InvalidArgument, 'resources must be an array');
  }
  for (const key of ['prune', 'dryRun'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'boolean') {
      throw new ApiError(GrpcCode.InvalidArgument, `${key} must be a boolean`);
    }
  }
  for (const key of ['strategy', 'retryStrategy'] as const) {
    if (body[key] !== undefined && !isObject(body[key])) {
      throw new ApiError(GrpcCode.InvalidArgument, `${key} must be a JSON object`);
    }
  }
  return {
    revision: typeof body.revision === 'string' ? body.revision : undefined,
    revisions: Array.isArray(body.revisions) ? body.revisions.map(String) : undefined,
    sourcePositions: Array.isArray(body.sourcePositions) ? body.sourcePositions : undefined,
    prune: body.prune,
    dryRun: body.dryRun,
    resources: body.resources,
    // given at all, the request's options replace the application's
    syncOptions: options === undefined ? undefined : (options.items ?? []),
    strategy: body.strategy,
    retryStrategy: body.retryStrategy,
  };
}

function initiator(caller: Caller) {
  return { username: caller.subject };
}

/** Applications: list, get (with refresh), patch, tree, diff, metadata, windows, sync, rollback. */
export function addApplicationRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  router.get('/api/v1/applications', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const query = appQueryFrom(ctx.query);
    const records = store.listApps(caller, query);
    const refresh = ctx.query.get('refresh');
    if (refresh) for (const r of records) agent.operations.refresh(r, refresh === 'hard');
    return rawJson(200, applicationListBody(agent, records, ctx.query.get('fields')));
  });

  router.get('/api/v1/applications/:name', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx));
    const project = ctx.query.get('project');
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    const refresh = ctx.query.get('refresh');
    if (refresh) agent.operations.refresh(record, refresh === 'hard');
    return rawJson(200, store.serialize(record));
  });

  // ApplicationService_Patch: needs `update` on the application
  router.add('PATCH', '/api/v1/applications/:name', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const body = requireObject(await ctx.body(), 'the patch request');
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx, body), 'update');
    const project = body.project;
    if (project && project !== (record.app.spec?.project || 'default')) {
      throw new ApiError(GrpcCode.NotFound, `applications.argoproj.io "${ctx.params.name}" not found`);
    }
    return json(200, patchApplication(store, agent.operations, record, body.patchType, body.patch));
  });

  router.get('/api/v1/applications/:name/resource-tree', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx));
    return json(200, resourceTree(store.render, record));
  });

  router.get('/api/v1/applications/:name/managed-resources', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx));
    const filters = ['namespace', 'name', 'group', 'kind'] as const;
    const items = managedResources(store.render, record).filter(item =>
      filters.every(f => {
        const wanted = ctx.query.get(f);
        return !wanted || item[f] === wanted;
      }),
    );
    return json(200, { items });
  });

  router.get('/api/v1/applications/:name/revisions/:revision/metadata', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx));
    return json(200, revisionMetadata(store, record, ctx.params.revision));
  });

  router.get('/api/v1/applications/:name/syncwindows', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx));
    const project = store.projects.get(record.app.spec?.project || 'default');
    return json(200, applicationSyncWindows(project, record.app, store.now()));
  });

  router.post('/api/v1/applications/:name/sync', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const body = requireObject(await ctx.body(), 'the sync request');
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx, body), 'sync');
    const app = agent.operations.sync(record, syncRequestFrom(body), initiator(caller));
    return json(200, app);
  });

  router.post('/api/v1/applications/:name/rollback', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const body = requireObject(await ctx.body(), 'the rollback request');
    const record = requireApp(store, caller, ctx.params.name, appNamespaceOf(ctx, body), 'sync');
    const app = agent.operations.rollback(
      record,
      { id: body.id, dryRun: Boolean(body.dryRun), prune: Boolean(body.prune) },
      initiator(caller),
    );
    return json(200, app);
  });
}
