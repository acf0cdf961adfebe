import {
  applicationKey,
  ApplicationSource,
  EnvironmentDefinition,
  GitOpsApplication,
  HealthStatusCode,
  HEALTH_STATUSES,
  HistoryEntry,
  OperationPhase,
  OperationState,
  resolveEnvironment,
  sanitizeAgentText,
  SyncStatusCode,
  SYNC_STATUSES,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ArgoApplication,
  ArgoApplicationSource,
  ArgoOperationState,
  ArgoRevisionHistory,
} from './argoCdTypes';
import { declaredLabels } from '../declaredLabels';
import { normalizeNotice } from './normalizeNotice';
import { normalizeOperationOptions } from './normalizeOperationOptions';
import { normalizeSourceHydrator } from './normalizeSourceHydrator';

/** What the normalizer needs to know about the agent an app came from. */
export interface NormalizeContext {
  agentId: string;
  agentKind: string;
  uiUrl?: string;
  /**
   * Where the agent's UI shows one application, when it is not Argo CD's
   * `<uiUrl>/applications/[<namespace>/]<name>` (Harness GitOps).
   */
  applicationUiUrl?: (app: { name: string; namespace?: string }) => string;
  environments: EnvironmentDefinition[];
}

const IN_CLUSTER = 'https://kubernetes.default.svc';
const OPERATION_PHASES: OperationPhase[] = [
  'Running',
  'Succeeded',
  'Failed',
  'Error',
  'Terminating',
];

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function sourceType(
  source: ArgoApplicationSource,
  reported: string | undefined,
): ApplicationSource['type'] {
  switch (reported?.toLowerCase()) {
    case 'helm':
      return 'helm';
    case 'kustomize':
      return 'kustomize';
    case 'directory':
      return 'directory';
    case 'plugin':
      return 'plugin';
    default:
  }
  if (source.chart || source.helm) return 'helm';
  if (source.kustomize) return 'kustomize';
  if (source.plugin) return 'plugin';
  if (source.directory || source.path) return 'directory';
  return 'unknown';
}

export function normalizeSource(
  source: ArgoApplicationSource,
  reportedType?: string,
): ApplicationSource {
  const result: ApplicationSource = {
    repoURL: source.repoURL ?? '',
    type: sourceType(source, reportedType),
  };
  if (source.path) result.path = source.path;
  if (source.targetRevision) result.targetRevision = source.targetRevision;
  if (source.chart) result.chart = source.chart;
  if (source.ref) result.ref = source.ref;
  if (source.helm) {
    result.helm = {
      releaseName: source.helm.releaseName,
      valueFiles: source.helm.valueFiles,
      parameters: source.helm.parameters?.map(p => ({
        name: p.name ?? '',
        value: p.value ?? '',
      })),
    };
  }
  if (source.kustomize) {
    result.kustomize = {
      images: source.kustomize.images,
      namePrefix: source.kustomize.namePrefix,
      nameSuffix: source.kustomize.nameSuffix,
    };
  }
  return result;
}

function initiator(
  by: { username?: string; automated?: boolean } | undefined,
): string | undefined {
  if (by?.username) return sanitizeAgentText(by.username);
  return by?.automated ? 'automated sync' : undefined;
}

/**
 * Whether the operation was a dry run. A lean read has no request, only the
 * result's resources, which Argo CD marks "(dry run)" one by one.
 */
function isDryRun(state: ArgoOperationState): boolean {
  const sync = state.operation?.sync;
  if (sync?.dryRun !== undefined) return sync.dryRun;
  const resources = sync?.resources ?? [];
  return (
    resources.length > 0 &&
    resources.every(resource => resource.message?.endsWith('(dry run)'))
  );
}

function normalizeOperation(
  state: ArgoOperationState | undefined,
): OperationState | undefined {
  if (!state?.phase) return undefined;
  const result: OperationState = {
    phase: oneOf(state.phase, OPERATION_PHASES, 'Error'),
  };
  if (state.message) {
    result.message = sanitizeAgentText(state.message, { multiline: true });
  }
  if (state.startedAt) result.startedAt = state.startedAt;
  if (state.finishedAt) result.finishedAt = state.finishedAt;
  const revision =
    state.syncResult?.revision || state.operation?.sync?.revision;
  if (revision) result.revision = revision;
  const revisions = state.syncResult?.revisions?.length
    ? state.syncResult.revisions
    : state.operation?.sync?.revisions;
  if (revisions?.length) result.revisions = revisions;
  const by = initiator(state.operation?.initiatedBy);
  if (by) result.initiatedBy = by;
  if (isDryRun(state)) result.dryRun = true;
  if (state.retryCount !== undefined) {
    result.retryCount = Number(state.retryCount);
  }
  return { ...result, ...normalizeOperationOptions(state) };
}

function normalizeHistory(entries: ArgoRevisionHistory[] | undefined) {
  const history: HistoryEntry[] = (entries ?? []).map(entry => {
    const result: HistoryEntry = { id: Number(entry.id ?? 0) };
    if (entry.revision) result.revision = entry.revision;
    if (entry.revisions?.length) result.revisions = entry.revisions;
    if (entry.deployedAt) result.deployedAt = entry.deployedAt;
    if (entry.deployStartedAt) result.deployStartedAt = entry.deployStartedAt;
    const sources = entry.sources ?? (entry.source ? [entry.source] : []);
    if (sources.length) result.sources = sources.map(s => normalizeSource(s));
    const by = initiator(entry.initiatedBy);
    if (by) result.initiatedBy = by;
    return result;
  });
  // newest first
  return history.sort((a, b) => b.id - a.id);
}

function clusterName(server?: string, name?: string): string | undefined {
  if (name) return name;
  if (server === IN_CLUSTER) return 'in-cluster';
  if (!server) return undefined;
  try {
    return new URL(server).hostname;
  } catch {
    return server;
  }
}

/**
 * Maps an Argo CD Application (as Argo CD's API, or a Harness agent wrapping
 * Argo CD, returns it) to the suite's normalized model. The only place
 * application payloads are read.
 */
export function normalizeApplication(
  raw: ArgoApplication,
  context: NormalizeContext,
): GitOpsApplication {
  const metadata = raw.metadata ?? {};
  const spec = raw.spec ?? {};
  const status = raw.status ?? {};
  const name = metadata.name ?? '';
  const namespace = metadata.namespace || undefined;
  const labels = metadata.labels ?? {};
  const sourceHydrator = normalizeSourceHydrator(
    spec.sourceHydrator,
    status.sourceHydrator,
  );
  let rawSources = spec.sources ?? [];
  if (!rawSources.length && spec.source) rawSources = [spec.source];
  // a hydrated application syncs from its sync source (Argo CD's GetSource)
  if (!rawSources.length && sourceHydrator) {
    const { syncSource } = sourceHydrator;
    rawSources = [
      {
        repoURL: syncSource.repoURL,
        path: syncSource.path,
        targetRevision: syncSource.targetBranch,
      },
    ];
  }
  const multiSource = Boolean(spec.sources?.length);
  const sources = rawSources.map((source, i) =>
    normalizeSource(
      source,
      multiSource ? status.sourceTypes?.[i] : status.sourceType,
    ),
  );
  const destination = {
    ...(spec.destination?.server && { server: spec.destination.server }),
    ...(spec.destination?.name && { name: spec.destination.name }),
    ...(spec.destination?.namespace && {
      namespace: spec.destination.namespace,
    }),
  };
  const cluster = clusterName(destination.server, destination.name);
  const declared = declaredLabels(labels);
  const serviceLabel = declared.service;
  const automated = spec.syncPolicy?.automated;
  const history = normalizeHistory(status.history);
  const operation = normalizeOperation(status.operationState);
  const resources = status.resources ?? [];

  const app: GitOpsApplication = {
    key: applicationKey(context.agentId, namespace, name),
    agentId: context.agentId,
    agentKind: context.agentKind,
    name,
    project: spec.project || 'default',
    labels,
    annotations: metadata.annotations ?? {},
    sources,
    multiSource,
    destination,
    environment: resolveEnvironment(
      {
        agentId: context.agentId,
        declaredEnvironment: declared.environment,
        destination,
        clusterName: cluster,
      },
      context.environments,
    ),
    sync: {
      status: oneOf<SyncStatusCode>(
        status.sync?.status,
        SYNC_STATUSES,
        'Unknown',
      ),
    },
    health: {
      status: oneOf<HealthStatusCode>(
        status.health?.status,
        HEALTH_STATUSES,
        'Unknown',
      ),
    },
    history,
    images: status.summary?.images ?? [],
    syncPolicy: {
      automated: Boolean(automated) && automated?.enabled !== false,
      prune: Boolean(automated?.prune),
      selfHeal: Boolean(automated?.selfHeal),
      syncOptions: spec.syncPolicy?.syncOptions ?? [],
    },
  };
  if (namespace) app.namespace = namespace;
  if (cluster) app.clusterName = cluster;
  if (serviceLabel) app.service = serviceLabel;
  if (status.sync?.revision) app.sync.revision = status.sync.revision;
  if (status.sync?.revisions?.length) {
    app.sync.revisions = status.sync.revisions;
  }
  if (status.reconciledAt) {
    app.sync.comparedAt = status.reconciledAt;
    app.reconciledAt = status.reconciledAt;
  }
  if (status.health?.message) {
    app.health.message = sanitizeAgentText(status.health.message, {
      multiline: true,
    });
  }
  if (operation) app.operation = operation;
  if (sourceHydrator) app.sourceHydrator = sourceHydrator;
  const notice = normalizeNotice(metadata.annotations);
  if (notice) app.notice = notice;
  if (metadata.creationTimestamp) app.createdAt = metadata.creationTimestamp;
  // a dry run applies nothing: the last sync is the last one that could
  const lastSynced =
    (operation?.dryRun ? undefined : operation?.finishedAt) ??
    history[0]?.deployedAt;
  if (lastSynced) app.lastSyncedAt = lastSynced;
  if (context.applicationUiUrl) {
    app.uiUrl = context.applicationUiUrl({ name, namespace });
  } else if (context.uiUrl) {
    const base = context.uiUrl.replace(/\/+$/, '');
    app.uiUrl = namespace
      ? `${base}/applications/${encodeURIComponent(
          namespace,
        )}/${encodeURIComponent(name)}`
      : `${base}/applications/${encodeURIComponent(name)}`;
  }
  const owner = metadata.ownerReferences?.find(
    ref => ref.kind === 'ApplicationSet',
  );
  if (owner?.name) app.applicationSet = owner.name;
  if (resources.length) {
    app.resourceCounts = {
      total: resources.length,
      outOfSync: resources.filter(r => r.status && r.status !== 'Synced')
        .length,
      unhealthy: resources.filter(
        r => r.health?.status && r.health.status !== 'Healthy',
      ).length,
    };
  }
  return app;
}
