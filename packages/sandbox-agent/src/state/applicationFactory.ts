import { GitCatalog } from '../git/GitCatalog';
import { GitRepository } from '../git/GitRepository';
import { HealthCode, SyncPolicySpec } from '../scenario/schema';
import { hashInt, sha1Hex, uuidFrom } from '../util/hash';
import { JsonObject, clone, isObject } from '../util/json';
import { DAY, MINUTE, isoSeconds } from '../util/time';
import { appSources, computeStatus, isMultiSource } from './applicationStatus';
import { driftFor } from './drift';
import { RenderContext } from './manifests';
import { historyEntry, syncOperation, syncResult } from './operationRecords';
import { AppModel, AppRecord, DriftField, ResourceRef } from './types';

/** What building an application needs from its agent. */
export interface FactoryContext {
  agentId: string;
  agentKind: 'argocd' | 'harness';
  /** Argo CD control-plane namespace. */
  namespace: string;
  git: GitCatalog;
  render: RenderContext;
  inlineHealth: boolean;
  now: number;
  seed: string;
}

/** spec.syncPolicy for a scenario sync policy. */
export function syncPolicyObject(
  spec: SyncPolicySpec | undefined,
  syncOptions?: string[],
): JsonObject | undefined {
  let policy: JsonObject | undefined;
  if (isObject(spec)) {
    policy = clone(spec);
  } else if (spec && spec !== 'manual') {
    policy = {
      automated: {
        prune: spec.includes('prune'),
        selfHeal: spec.includes('selfheal'),
      },
    };
  }
  if (syncOptions?.length) {
    policy = { ...(policy ?? {}), syncOptions: [...syncOptions] };
  }
  return policy;
}

export function isAutomated(app: JsonObject): boolean {
  const automated = app.spec?.syncPolicy?.automated;
  return Boolean(automated) && automated.enabled !== false;
}

export function isSelfHeal(app: JsonObject): boolean {
  return isAutomated(app) && Boolean(app.spec.syncPolicy.automated.selfHeal);
}

function newRecord(app: JsonObject, model: AppModel, fallbackNamespace: string): AppRecord {
  const namespace = app.metadata?.namespace ?? fallbackNamespace;
  return { key: `${namespace}/${app.metadata.name}`, app, model, timers: new Set() };
}

/** The resources a service deploys (all in its destination namespace). */
export function serviceResources(
  service: string,
  namespace: string,
  options: { secret?: boolean; ingress?: boolean; hpa?: boolean; rollout?: { analysisTemplate: string } },
): ResourceRef[] {
  const refs: ResourceRef[] = [
    { group: '', version: 'v1', kind: 'ConfigMap', name: `${service}-config`, namespace },
  ];
  if (options.secret) {
    refs.push({ group: '', version: 'v1', kind: 'Secret', name: `${service}-credentials`, namespace });
  }
  refs.push({ group: '', version: 'v1', kind: 'Service', name: service, namespace });
  if (options.rollout) {
    // an Argo Rollouts canary: its Service, its analysis and the Rollout itself
    refs.push({ group: '', version: 'v1', kind: 'Service', name: `${service}-canary`, namespace });
    refs.push({
      group: 'argoproj.io',
      version: 'v1alpha1',
      kind: 'AnalysisTemplate',
      name: options.rollout.analysisTemplate,
      namespace,
    });
    refs.push({ group: 'argoproj.io', version: 'v1alpha1', kind: 'Rollout', name: service, namespace });
  } else {
    refs.push({ group: 'apps', version: 'v1', kind: 'Deployment', name: service, namespace });
  }
  if (options.hpa) {
    refs.push({
      group: 'autoscaling',
      version: 'v2',
      kind: 'HorizontalPodAutoscaler',
      name: service,
      namespace,
    });
  }
  if (options.ingress) {
    refs.push({ group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', name: service, namespace });
  }
  return refs;
}

/** Everything a generated service instance starts with. */
export interface ServiceAppInit {
  name: string;
  appNamespace?: string;
  service: string;
  env: string;
  project: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  source?: JsonObject;
  sources?: JsonObject[];
  /** `spec.sourceHydrator`: rendered by the source hydrator (no `source`). */
  sourceHydrator?: JsonObject;
  destination: { server: string; namespace: string; name?: string };
  syncPolicy?: JsonObject;
  repo: GitRepository;
  chart?: { repoURL: string; name: string; version: string };
  image: string;
  replicas: number;
  resources: ResourceRef[];
  secretData?: Record<string, string>;
  sourceType: string;
  sourceTypes?: string[];
  /** Index of the commit git wants (desired) and of the one deployed (live). */
  desiredIndex: number;
  liveIndex: number;
  health: HealthCode;
  operation: 'Succeeded' | 'Failed' | 'Error';
  drift?: DriftField;
  orphan: boolean;
  /** Insert a rollback (to the commit two before the live one) before the live deployment. */
  rolledBack?: boolean;
}

const PEOPLE = [
  'jane.doe@acme.example',
  'ravi.patel@acme.example',
  'chen.wei@acme.example',
  'fatima.okafor@acme.example',
  'lukas.becker@acme.example',
];

/** The message of a failed (or errored) last sync operation. */
function failedOperationMessage(operation: ServiceAppInit['operation'], revision: string, service: string): string {
  if (operation === 'Error') {
    return `ComparisonError: rpc error: code = Unknown desc = Manifest generation error (cached): failed to render manifests for revision ${revision.slice(0, 7)}`;
  }
  return `one or more objects failed to apply, reason: Deployment.apps "${service}" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to memory limit`;
}

/** The spec of where an Application's manifests come from. */
function appSourceSpec(init: ServiceAppInit): JsonObject {
  if (init.sources) return { sources: init.sources };
  if (init.sourceHydrator) return { sourceHydrator: init.sourceHydrator };
  return { source: init.source };
}

/** A service instance Application with history, operation state and status. */
export function createServiceApplication(ctx: FactoryContext, init: ServiceAppInit): AppRecord {
  const h = hashInt(`${ctx.seed}/${ctx.agentId}/${init.name}`);
  const createdAt = ctx.now - (30 + (h % 300)) * DAY;
  const namespace = init.appNamespace ?? ctx.namespace;
  const missing = init.health === 'Missing';
  const desired = init.repo.commits[init.desiredIndex];
  const live = init.repo.commits[init.liveIndex];
  const app: JsonObject = {
    metadata: {
      name: init.name,
      namespace,
      uid: uuidFrom(ctx.seed, ctx.agentId, 'app', namespace, init.name),
      resourceVersion: '1',
      generation: 2 + (h % 400),
      creationTimestamp: isoSeconds(createdAt),
      labels: { ...init.labels },
      ...(init.annotations && Object.keys(init.annotations).length
        ? { annotations: { ...init.annotations } }
        : {}),
      ...(h % 3 === 0 ? { finalizers: ['resources-finalizer.argocd.argoproj.io'] } : {}),
    },
    spec: {
      project: init.project,
      ...appSourceSpec(init),
      destination: { ...init.destination },
      ...(init.syncPolicy ? { syncPolicy: init.syncPolicy } : {}),
    },
    status: {},
  };
  const model: AppModel = {
    service: init.service,
    env: init.env,
    source: { repoUrl: init.repo.url, chart: init.chart, path: init.source?.path === undefined ? undefined : String(init.source.path) },
    image: init.image,
    replicas: init.replicas,
    destNamespace: init.destination.namespace,
    resources: init.resources,
    secretData: init.secretData,
    desiredRevision: desired.sha,
    liveRevision: live.sha,
    drift: [],
    health: missing ? 'Missing' : init.health,
    missing,
    literal: false,
    touched: false,
    createdAt: createdAt + 5 * MINUTE,
    seenHead: init.repo.head.sha,
  };
  if (init.orphan && !missing) {
    model.orphan = {
      group: '',
      version: 'v1',
      kind: 'ConfigMap',
      name: `${init.service}-legacy-config`,
      namespace: init.destination.namespace,
    };
  }
  const record = newRecord(app, model, ctx.namespace);
  if (init.drift && !missing) model.drift.push(driftFor(ctx.render, record, init.drift));

  const status: JsonObject = app.status;
  status.controllerNamespace = ctx.namespace;
  if (init.sourceTypes) status.sourceTypes = init.sourceTypes;
  else status.sourceType = init.sourceType;
  const automated = isAutomated(app);
  if (!missing) {
    const rollback = Boolean(init.rolledBack) && init.liveIndex >= 2;
    const count = Math.min(init.liveIndex + 1, Math.max(rollback ? 3 : 2, 2 + (h % 5)));
    const idBase = h % 25;
    const history: JsonObject[] = [];
    for (let k = init.liveIndex - count + 1, n = 0; k <= init.liveIndex; k++, n++) {
      const commit = init.repo.commits[k];
      const started = Math.min(
        commit.date + (4 + ((h >>> n) % 40)) * MINUTE,
        ctx.now - (count - n) * 5 * MINUTE,
      );
      const initiatedBy = automated
        ? { automated: true }
        : { username: PEOPLE[(h + k) % PEOPLE.length] };
      if (rollback && k === init.liveIndex) {
        // the release before the live one was rolled back 25 minutes after it
        // shipped (or half way to the live one, when that came sooner)
        const bad = Date.parse(history[history.length - 1].deployedAt);
        const at = Math.min(bad + 25 * MINUTE, Math.round((bad + started) / 2));
        history.push(
          historyEntry(record, {
            id: idBase + history.length,
            revision: init.repo.commits[k - 2].sha,
            deployStartedAt: at,
            deployedAt: at + 5000,
            initiatedBy: { username: PEOPLE[(h + k + 1) % PEOPLE.length] },
          }),
        );
      }
      history.push(
        historyEntry(record, {
          id: idBase + history.length,
          revision: commit.sha,
          deployStartedAt: started,
          deployedAt: started + (3 + ((h >>> (n + 3)) % 50)) * 1000,
          initiatedBy,
        }),
      );
    }
    status.history = history;
  }
  computeStatus(ctx.render, record, { inlineHealth: ctx.inlineHealth, now: ctx.now - (h % 170) * 1000 });

  if (!missing) {
    const last = status.history[status.history.length - 1];
    const failed = init.operation !== 'Succeeded';
    const opRevision = failed ? desired.sha : live.sha;
    const started = failed
      ? Math.max(Date.parse(last.deployedAt) + MINUTE, desired.date + 10 * MINUTE)
      : Date.parse(last.deployStartedAt);
    const finished = failed ? started + 42_000 : Date.parse(last.deployedAt);
    const initiatedBy = last.initiatedBy ?? { automated: true };
    const request = { revision: opRevision };
    const failedResource = init.resources.find(r => r.kind === 'Deployment' || r.kind === 'Rollout');
    const message = failed
      ? failedOperationMessage(init.operation, opRevision, init.service)
      : 'successfully synced (all tasks run)';
    status.operationState = {
      operation: syncOperation(record, request, initiatedBy),
      phase: init.operation,
      message,
      startedAt: isoSeconds(started),
      finishedAt: isoSeconds(finished),
      ...(failed && automated ? { retryCount: 5 } : {}),
      syncResult: syncResult(record, request, {
        pruned: false,
        failed: failed ? failedResource : undefined,
        message,
      }),
    };
    if (failed) {
      status.conditions = [
        {
          type: init.operation === 'Error' ? 'ComparisonError' : 'SyncError',
          message:
            init.operation === 'Error'
              ? message
              : `Failed sync attempt to ${opRevision}: ${message} (retried 5 times).`,
          lastTransitionTime: isoSeconds(finished),
        },
      ];
    }
  }
  if (missing) delete status.summary?.externalURLs;
  return record;
}

/** The service and environment an Application's labels name. */
export function labelsServiceEnv(app: JsonObject): { service?: string; env?: string } {
  const labels: Record<string, string> = app.metadata?.labels ?? {};
  const strip = (v?: string) => v?.replace(/^(account|org)\./, '');
  return {
    service:
      labels['gitops/service'] ?? strip(labels['harness.io/serviceRef']) ?? labels['app.kubernetes.io/name'],
    env: labels['gitops/environment'] ?? strip(labels['harness.io/envRef']),
  };
}

/** The sources of an Application: `spec.sources`, `spec.source`, the hydrator's sync source or none. */
function sourcesOf(app: JsonObject): JsonObject[] {
  return appSources(app);
}

/** The type of one source of a multi-source Application. */
function multiSourceType(source: JsonObject): string {
  if (source.chart || source.helm) return 'Helm';
  if (source.kustomize) return 'Kustomize';
  return 'Directory';
}

/** The type of the source of a single-source Application. */
function singleSourceType(source: JsonObject): string {
  if (source.chart || source.helm) return 'Helm';
  if (source.directory) return 'Directory';
  if (source.plugin) return 'Plugin';
  return 'Kustomize';
}

/**
 * An Application rendered from an ApplicationSet template (or created
 * through the API): deployed (Synced, Healthy, one history entry) when the
 * scenario starts with it, or new (Missing, OutOfSync) when it was just created.
 */
export function createTemplateApplication(
  ctx: FactoryContext,
  skeleton: JsonObject,
  options: { deployed: boolean },
): AppRecord {
  const app: JsonObject = clone(skeleton);
  const name: string = app.metadata.name;
  const namespace = app.metadata.namespace ?? ctx.namespace;
  const h = hashInt(`${ctx.seed}/${ctx.agentId}/${name}`);
  const createdAt = options.deployed ? ctx.now - (5 + (h % 60)) * DAY : ctx.now;
  app.metadata = {
    ...app.metadata,
    namespace,
    uid: uuidFrom(ctx.seed, ctx.agentId, 'app', namespace, name, createdAt),
    resourceVersion: '1',
    generation: 1,
    creationTimestamp: isoSeconds(createdAt),
  };
  app.spec ??= {};
  app.spec.project ??= 'default';
  app.spec.destination ??= { server: 'https://kubernetes.default.svc', namespace: 'default' };
  const sources: JsonObject[] = sourcesOf(app);
  const gitSource = sources.find(s => !s.chart) ?? sources[0] ?? { repoURL: 'https://git.example.com/unknown.git' };
  const chartSource = sources.find(s => s.chart);
  const repo = ctx.git.repository(String(gitSource.repoURL ?? 'https://git.example.com/unknown.git'));
  let desired =
    repo.resolve(gitSource.targetRevision)?.sha ??
    (/^[0-9a-f]{40}$/.test(String(gitSource.targetRevision)) ? String(gitSource.targetRevision) : repo.head.sha);
  // A chart from a Helm repository: the revision is the chart version.
  if (gitSource.chart && gitSource.targetRevision) desired = String(gitSource.targetRevision);
  const { service = name, env } = labelsServiceEnv(app);
  const destNamespace = app.spec.destination.namespace ?? 'default';
  const model: AppModel = {
    service,
    env,
    source: {
      repoUrl: repo.url,
      chart: chartSource
        ? { repoURL: chartSource.repoURL, name: chartSource.chart, version: chartSource.targetRevision }
        : undefined,
      // the overlay whose image tag each revision deploys (imageTagFor)
      path: gitSource.path === undefined ? undefined : String(gitSource.path),
    },
    image: `ghcr.io/acme/${service}`,
    replicas: 1 + (h % 3),
    destNamespace,
    resources: serviceResources(service, destNamespace, {}),
    desiredRevision: desired,
    liveRevision: desired,
    drift: [],
    health: options.deployed ? 'Healthy' : 'Missing',
    missing: !options.deployed,
    literal: false,
    touched: false,
    createdAt,
    seenHead: repo.head.sha,
  };
  const record = newRecord(app, model, ctx.namespace);
  app.status = {
    controllerNamespace: ctx.namespace,
    ...(isMultiSource(app)
      ? { sourceTypes: sources.map(multiSourceType) }
      : { sourceType: singleSourceType(gitSource) }),
  };
  if (options.deployed) {
    const started = ctx.now - (1 + (h % 48)) * 60 * MINUTE;
    app.status.history = [
      historyEntry(record, {
        id: 0,
        revision: desired,
        deployStartedAt: started,
        deployedAt: started + 9000,
        initiatedBy: { automated: true },
      }),
    ];
    const request = { revision: desired };
    app.status.operationState = {
      operation: syncOperation(record, request, { automated: true }),
      phase: 'Succeeded',
      message: 'successfully synced (all tasks run)',
      startedAt: isoSeconds(started),
      finishedAt: isoSeconds(started + 9000),
      syncResult: syncResult(record, request, { pruned: false }),
    };
  }
  computeStatus(ctx.render, record, { inlineHealth: ctx.inlineHealth, now: ctx.now });
  return record;
}

function splitImage(image: string): { repo: string; tag?: string } {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon > slash) return { repo: image.slice(0, colon), tag: image.slice(colon + 1) };
  return { repo: image };
}

/**
 * A literal Application from a real payload. Its object is served as given;
 * the model behind it (for trees, diffs and operations) is inferred from it.
 */
export function createLiteralApplication(ctx: FactoryContext, literal: JsonObject): AppRecord {
  const app: JsonObject = clone(literal);
  delete app.apiVersion;
  delete app.kind;
  const name: string = app.metadata.name;
  const status: JsonObject = app.status ?? {};
  const sources: JsonObject[] = sourcesOf(app);
  const gitSource = sources.find(s => !s.chart) ?? sources[0] ?? {};
  const repoUrl = String(gitSource.repoURL ?? `https://git.example.com/${name}.git`);
  const repo = ctx.git.repository(repoUrl);
  const history: JsonObject[] = status.history ?? [];
  const lastHistory = history[history.length - 1];
  const lastRevision = (entry?: JsonObject): string | undefined =>
    entry?.revision ?? (Array.isArray(entry?.revisions) ? entry!.revisions[entry!.revisions.length - 1] : undefined);
  const desired =
    status.sync?.revision ??
    (Array.isArray(status.sync?.revisions) ? status.sync.revisions[status.sync.revisions.length - 1] : undefined) ??
    lastRevision(lastHistory) ??
    sha1Hex(ctx.seed, 'literal', name);
  const live = lastRevision(lastHistory) ?? status.operationState?.syncResult?.revision ?? desired;
  const { service = name, env } = labelsServiceEnv(app);
  const destNamespace = app.spec?.destination?.namespace ?? 'default';
  const image = splitImage(String(status.summary?.images?.[0] ?? `ghcr.io/acme/${service}:latest`));
  const resources: ResourceRef[] = (status.resources ?? []).map((r: JsonObject) => ({
    group: r.group ?? '',
    version: r.version ?? 'v1',
    kind: r.kind,
    name: r.name,
    namespace: r.namespace ?? destNamespace,
  }));
  const healthCode = (status.health?.status ?? 'Healthy') as HealthCode;
  const createdMs = Date.parse(app.metadata?.creationTimestamp ?? '') || ctx.now - 30 * DAY;
  const model: AppModel = {
    service,
    env,
    source: {
      repoUrl,
      chart: sources.find(s => s.chart)
        ? {
            repoURL: sources.find(s => s.chart)!.repoURL,
            name: sources.find(s => s.chart)!.chart,
            version: sources.find(s => s.chart)!.targetRevision,
          }
        : undefined,
    },
    image: image.repo,
    replicas: 1,
    destNamespace,
    resources: resources.length
      ? resources
      : serviceResources(service, destNamespace, {}),
    desiredRevision: desired,
    liveRevision: live,
    drift: [],
    health: healthCode,
    missing: healthCode === 'Missing',
    literal: true,
    touched: false,
    createdAt: createdMs,
    seenHead: repo.head.sha,
    imageTags: image.tag ? { [live]: image.tag } : undefined,
  };
  return newRecord(app, model, ctx.namespace);
}
