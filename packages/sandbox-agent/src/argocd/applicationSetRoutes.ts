import type { SandboxAgent } from '../agent/SandboxAgent';
import { allowed, permissionDenied } from '../agent/access';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { json } from '../http/types';
import { LabelSelectorError, matchesRequirements, parseLabelSelector } from '../state/labelSelector';
import { AppSetRecord, Caller } from '../state/types';
import { JsonObject, isObject } from '../util/json';
import { argoCaller } from './ArgoAuth';

/** The project of an ApplicationSet's template (templated values count as default). */
export function appSetProject(appSet: JsonObject): string {
  const project = appSet.spec?.template?.spec?.project;
  return typeof project === 'string' && project && !project.includes('{{') ? project : 'default';
}

export function requireAppSet(agent: SandboxAgent, caller: Caller, name: string, namespace?: string): AppSetRecord {
  const record = agent.store.findAppSet(name, namespace);
  if (!record) {
    throw new ApiError(GrpcCode.NotFound, `applicationsets.argoproj.io "${name}" not found`);
  }
  const project = appSetProject(record.appSet);
  if (!allowed(agent.store, caller, project, 'get', appSetRbac(project, name))) {
    throw permissionDenied(caller, 'applicationsets', 'get', `${project}/${name}`);
  }
  return record;
}

/** An ApplicationSet as Argo CD's RBAC names it (resource and object). */
export function appSetRbac(project: string, name: unknown) {
  return { resource: 'applicationsets', object: `${project}/${typeof name === 'string' ? name : ''}` };
}

function boolParam(value: string | null) {
  return value === 'true' || value === '1';
}

/** ApplicationSets: list, get, create (upsert, dryRun), generate, delete. */
export function addApplicationSetRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  router.get('/api/v1/applicationsets', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const projects = ctx.query.getAll('projects').flatMap(p => p.split(',')).filter(Boolean);
    let selector;
    try {
      selector = ctx.query.get('selector') ? parseLabelSelector(ctx.query.get('selector')!) : undefined;
    } catch (error) {
      if (error instanceof LabelSelectorError) throw new ApiError(GrpcCode.InvalidArgument, error.message);
      throw error;
    }
    const namespace = ctx.query.get('appsetNamespace');
    const items = [...store.appSets.values()]
      .filter(r => {
        const project = appSetProject(r.appSet);
        return allowed(store, caller, project, 'get', appSetRbac(project, r.appSet.metadata?.name));
      })
      .filter(r => !projects.length || projects.includes(appSetProject(r.appSet)))
      .filter(r => !selector || matchesRequirements(selector, r.appSet.metadata?.labels))
      .filter(r => !namespace || r.appSet.metadata?.namespace === namespace)
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map(r => agent.applicationSets.refreshStatus(r));
    return json(200, { metadata: { resourceVersion: store.resourceVersion() }, items });
  });

  router.get('/api/v1/applicationsets/:name', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireAppSet(agent, caller, ctx.params.name, ctx.query.get('appsetNamespace') ?? undefined);
    return json(200, agent.applicationSets.refreshStatus(record));
  });

  router.post('/api/v1/applicationsets', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const body = await ctx.body();
    if (!isObject(body)) throw new ApiError(GrpcCode.InvalidArgument, 'the ApplicationSet must be a JSON object');
    const project = appSetProject(body);
    if (!allowed(store, caller, project, 'create', appSetRbac(project, body.metadata?.name))) {
      throw permissionDenied(caller, 'applicationsets', 'create', `${project}/${body.metadata?.name ?? ''}`);
    }
    const created = agent.applicationSets.create(body, {
      upsert: boolParam(ctx.query.get('upsert')),
      dryRun: boolParam(ctx.query.get('dryRun')),
    });
    return json(200, created);
  });

  router.post('/api/v1/applicationsets/generate', async ctx => {
    const caller = argoCaller(agent, ctx.req);
    const body = await ctx.body();
    const appSet = isObject(body) ? body.applicationSet : undefined;
    if (!isObject(appSet)) throw new ApiError(GrpcCode.InvalidArgument, 'applicationSet is required');
    const project = appSetProject(appSet);
    if (!allowed(store, caller, project, 'get', appSetRbac(project, appSet.metadata?.name))) {
      throw permissionDenied(caller, 'applicationsets', 'get', `${project}/${appSet.metadata?.name ?? ''}`);
    }
    return json(200, { applications: agent.applicationSets.preview(appSet) });
  });

  router.delete('/api/v1/applicationsets/:name', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireAppSet(agent, caller, ctx.params.name, ctx.query.get('appsetNamespace') ?? undefined);
    const project = appSetProject(record.appSet);
    if (!allowed(store, caller, project, 'delete', appSetRbac(project, ctx.params.name))) {
      throw permissionDenied(caller, 'applicationsets', 'delete', `${project}/${ctx.params.name}`);
    }
    agent.applicationSets.delete(record);
    return json(200, {});
  });
}
