import type { SandboxAgent } from '../agent/SandboxAgent';
import { clusterView } from '../argocd/inventoryRoutes';
import { harnessIdentifier } from '../state/harnessIdentifiers';
import { HARNESS_AGENT_COMPONENTS } from '../scenario/schema';
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

/** The Argo CD release a component of the agent runs (`v2.14.11`). */
function argoRelease(agent: SandboxAgent): string {
  return agent.config.version.replace(/\+.*$/, '');
}

/**
 * V1AgentHealth: per component a V1AgentComponentHealth ({status, message,
 * k8sError, version}), healthy at its release while the agent runs, with the
 * scenario's overrides; then the heartbeat and the connection status.
 */
function agentHealth(agent: SandboxAgent, now: number): JsonObject {
  const h = agent.config.harness!;
  const connected = !agent.stopped;
  const health: JsonObject = {};
  for (const name of HARNESS_AGENT_COMPONENTS) {
    const override = h.components[name] ?? {};
    const status = connected ? override.status ?? 'HEALTHY' : 'UNHEALTHY';
    const message =
      override.message ?? (connected ? undefined : `${name} is not reporting`);
    health[name] = {
      status,
      ...(message && { message }),
      ...(override.k8sError && { k8sError: override.k8sError }),
      version:
        override.version ??
        (name === 'harnessGitopsAgent' ? h.version : argoRelease(agent)),
    };
  }
  health.lastHeartbeat = isoSeconds(
    connected ? now - 12_000 : now - 15 * 60_000,
  );
  health.connectionStatus = connected ? 'CONNECTED' : 'DISCONNECTED';
  return health;
}

/** V1Agent: the agent with its health as Harness reports it. */
export function agentObject(agent: SandboxAgent): JsonObject {
  const h = agent.config.harness!;
  const now = agent.store.now();
  // V1SemanticVersion: strings
  const [major, minor, patch] = h.version.split('.');
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
      highAvailability: h.highAvailability,
      deployedApplicationCount: agent.store.apps.size,
    },
    health: agentHealth(agent, now),
    version: { major, minor, patch },
    upgradeAvailable: h.upgradeAvailable,
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
