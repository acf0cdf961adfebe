import type { SandboxAgent } from '../agent/SandboxAgent';
import { clusterView } from '../argocd/inventoryRoutes';
import { harnessIdentifier } from '../state/harnessIdentifiers';
import { AppRecord, AppSetRecord } from '../state/types';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';

/** The scope fields every Harness wrapper object carries. */
export function scopeFields(agent: SandboxAgent): JsonObject {
  const h = agent.config.harness!;
  const out: JsonObject = { accountIdentifier: h.accountIdentifier };
  if (h.orgIdentifier && h.scope !== 'ACCOUNT') out.orgIdentifier = h.orgIdentifier;
  if (h.projectIdentifier && h.scope === 'PROJECT') out.projectIdentifier = h.projectIdentifier;
  out.agentIdentifier = h.agentIdentifier;
  return out;
}

/** A paged list, as Harness lists are: {content, pageIndex, ...}. */
export function page<T>(items: T[], query: URLSearchParams, body?: JsonObject) {
  const size = Math.max(1, Number(query.get('pageSize') ?? body?.pageSize ?? 100) || 100);
  const index = Math.max(0, Number(query.get('pageIndex') ?? body?.pageIndex ?? 0) || 0);
  const content = items.slice(index * size, index * size + size);
  return {
    content,
    pageIndex: index,
    pageItemCount: content.length,
    pageSize: size,
    totalItems: items.length,
    totalPages: Math.ceil(items.length / size),
    empty: content.length === 0,
  };
}

/** v1Agent: the agent with its health as Harness reports it. */
export function agentObject(agent: SandboxAgent): JsonObject {
  const h = agent.config.harness!;
  const now = agent.store.now();
  const connected = !agent.stopped;
  const [major, minor, patch] = h.version.split('.').map(Number);
  const component = (name: string) => ({
    status: connected ? 'HEALTHY' : 'UNHEALTHY',
    ...(connected ? {} : { message: `${name} is not reporting` }),
  });
  const created = agent.store.apps.size
    ? Math.min(...[...agent.store.apps.values()].slice(0, 50).map(r => r.model.createdAt))
    : now;
  return {
    ...scopeFields(agent),
    identifier: h.agentIdentifier,
    name: h.name,
    description: agent.config.title ?? `Sandbox GitOps agent ${agent.id}`,
    type: h.type,
    tags: agent.config.region ? { region: agent.config.region } : {},
    metadata: {
      namespace: 'harness-gitops',
      highAvailability: false,
      isNamespaced: false,
      deployedApplicationCount: agent.store.apps.size,
    },
    health: {
      harnessGitopsAgent: component('harness-gitops-agent'),
      argoAppController: component('argocd-application-controller'),
      argoRepoServer: component('argocd-repo-server'),
      argoRedisServer: component('argocd-redis'),
      argoAppSetController: component('argocd-applicationset-controller'),
      lastHeartbeat: isoSeconds(connected ? now - 12_000 : now - 15 * 60_000),
      connectionStatus: connected ? 'CONNECTED' : 'DISCONNECTED',
    },
    version: { major, minor, patch },
    upgradeAvailable: false,
    scope: h.scope,
    operator: 'ARGO',
    createdAt: isoSeconds(created),
    lastModifiedAt: isoSeconds(now - 3_600_000),
  };
}

/** servicev1Application: the Argo CD Application in Harness's wrapper. */
export function applicationWrapper(agent: SandboxAgent, record: AppRecord): JsonObject {
  const app = record.app;
  const server = app.spec?.destination?.server;
  const cluster = agent.store.clusters.find(c => c.server === server || c.name === app.spec?.destination?.name);
  const repoUrl = record.model.source.repoUrl;
  const repo = agent.store.repositories.find(r => r.repo === repoUrl);
  return {
    ...scopeFields(agent),
    name: app.metadata?.name,
    clusterIdentifier: cluster ? harnessIdentifier(cluster, String(cluster.name)) : undefined,
    repoIdentifier: repo ? harnessIdentifier(repo, String(repo.name)) : undefined,
    app,
    createdAt: app.metadata?.creationTimestamp,
    lastModifiedAt: app.status?.reconciledAt ?? app.metadata?.creationTimestamp,
    stale: false,
  };
}

/** servicev1Cluster (the cluster with its current applicationsCount). */
export function clusterWrapper(agent: SandboxAgent, cluster: JsonObject): JsonObject {
  return {
    ...scopeFields(agent),
    identifier: harnessIdentifier(cluster, String(cluster.name)),
    cluster: clusterView(agent, cluster),
    createdAt: cluster.info?.cacheInfo?.lastCacheSyncTime,
    lastModifiedAt: cluster.connectionState?.attemptedAt,
    stale: false,
  };
}

export function repositoryWrapper(agent: SandboxAgent, repo: JsonObject): JsonObject {
  return {
    ...scopeFields(agent),
    identifier: harnessIdentifier(repo, String(repo.name)),
    repository: repo,
    createdAt: repo.connectionState?.attemptedAt,
    lastModifiedAt: repo.connectionState?.attemptedAt,
    stale: false,
  };
}

export function applicationSetWrapper(agent: SandboxAgent, record: AppSetRecord): JsonObject {
  return {
    identifier: record.uuid,
    ...scopeFields(agent),
    createdAt: record.appSet.metadata?.creationTimestamp,
    lastModifiedAt: record.appSet.metadata?.creationTimestamp,
    appset: record.appSet,
  };
}
