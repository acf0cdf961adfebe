import type { SandboxAgent } from '../agent/SandboxAgent';
import { permissionDenied } from '../agent/access';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { json } from '../http/types';
import { normalizeRepoUrl } from '../git/GitCatalog';
import { JsonObject } from '../util/json';
import { argoCaller } from './ArgoAuth';

/** A cluster with its current applicationsCount. */
export function clusterView(agent: SandboxAgent, cluster: JsonObject): JsonObject {
  let count = 0;
  for (const record of agent.store.apps.values()) {
    const dest = record.app.spec?.destination ?? {};
    if (dest.server === cluster.server || (dest.name && dest.name === cluster.name)) count++;
  }
  return { ...cluster, info: { ...cluster.info, applicationsCount: count } };
}

export function findCluster(agent: SandboxAgent, value: string, type?: string | null): JsonObject | undefined {
  const clusters = agent.store.clusters;
  if (type === 'name' || type === 'name_escaped') {
    const name = type === 'name_escaped' ? value.replace(/_/g, ' ') : value;
    return clusters.find(c => c.name === name);
  }
  return clusters.find(c => c.server === value) ?? (type ? undefined : clusters.find(c => c.name === value));
}

export function findRepository(agent: SandboxAgent, repo: string): JsonObject | undefined {
  const wanted = normalizeRepoUrl(repo);
  return agent.store.repositories.find(r => normalizeRepoUrl(String(r.repo)) === wanted);
}

/** Clusters, repositories and projects. */
export function addInventoryRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  router.get('/api/v1/clusters', ctx => {
    argoCaller(agent, ctx.req);
    const server = ctx.query.get('server');
    const name = ctx.query.get('name');
    const idValue = ctx.query.get('id.value');
    let items = store.clusters;
    if (server) items = items.filter(c => c.server === server);
    if (name) items = items.filter(c => c.name === name);
    if (idValue) {
      const found = findCluster(agent, idValue, ctx.query.get('id.type'));
      items = found ? [found] : [];
    }
    return json(200, { metadata: {}, items: items.map(c => clusterView(agent, c)) });
  });

  router.get('/api/v1/clusters/:server', ctx => {
    argoCaller(agent, ctx.req);
    const cluster = findCluster(agent, ctx.params.server, ctx.query.get('id.type'));
    if (!cluster) {
      throw new ApiError(GrpcCode.NotFound, `cluster "${ctx.params.server}" not found`);
    }
    return json(200, clusterView(agent, cluster));
  });

  router.get('/api/v1/repositories', ctx => {
    argoCaller(agent, ctx.req);
    const repo = ctx.query.get('repo');
    const items = repo ? store.repositories.filter(r => normalizeRepoUrl(String(r.repo)) === normalizeRepoUrl(repo)) : store.repositories;
    return json(200, { metadata: {}, items });
  });

  router.get('/api/v1/repositories/:repo', ctx => {
    argoCaller(agent, ctx.req);
    const repo = findRepository(agent, ctx.params.repo);
    if (!repo) throw new ApiError(GrpcCode.NotFound, `repo '${ctx.params.repo}' not found`);
    return json(200, repo);
  });

  router.get('/api/v1/projects', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const items = [...store.projects.values()].filter(p => store.canSee(caller, p.metadata.name));
    return json(200, { metadata: { resourceVersion: store.resourceVersion() }, items });
  });

  const requireProject = (name: string, caller: ReturnType<typeof argoCaller>) => {
    const project = store.projects.get(name);
    if (!project) throw new ApiError(GrpcCode.NotFound, `appprojects.argoproj.io "${name}" not found`);
    if (!store.canSee(caller, name)) throw permissionDenied(caller, 'projects', 'get', name);
    return project;
  };

  router.get('/api/v1/projects/:name', ctx => {
    const caller = argoCaller(agent, ctx.req);
    return json(200, requireProject(ctx.params.name, caller));
  });

  router.get('/api/v1/projects/:name/syncwindows', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const project = requireProject(ctx.params.name, caller);
    return json(200, { windows: project.spec?.syncWindows ?? [] });
  });
}
