import { GitCatalog } from '../git/GitCatalog';
import { hashInt, uuidFrom } from '../util/hash';
import { JsonObject, clone, getPath, isObject, setPath } from '../util/json';
import { isoSeconds } from '../util/time';
import { analysisTemplateSpec, liveRollout, rolloutStrategy } from './rollout/rolloutManifests';
import { AppModel, AppRecord, DriftEntry, ResourceRef } from './types';

/** What rendering manifests needs besides the application. */
export interface RenderContext {
  git: GitCatalog;
  maskSecretData: boolean;
}

export function resourceKey(ref: ResourceRef): string {
  return `${ref.group}/${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;
}

export function sameResource(a: ResourceRef, b: Partial<ResourceRef>): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    (b.group === undefined || (a.group ?? '') === (b.group ?? '')) &&
    (b.namespace === undefined || !b.namespace || (a.namespace ?? '') === b.namespace)
  );
}

/** The image tag a revision of the app stands for. */
export function imageTagFor(ctx: RenderContext, model: AppModel, revision: string): string {
  const known = model.imageTags?.[revision];
  if (known) return known;
  const repo = ctx.git.find(model.source.repoUrl);
  const commit = repo?.bySha1(revision);
  const fromGit = model.source.path ? commit?.imageTags?.[model.source.path] : undefined;
  if (fromGit) return fromGit;
  if (repo && commit) return repo.versionOf(commit);
  return revision.slice(0, 7) || 'latest';
}

export function imageAt(ctx: RenderContext, model: AppModel, revision: string): string {
  return `${model.image}:${imageTagFor(ctx, model, revision)}`;
}

/**
 * The labels every resource carries; the version only on the kinds the
 * revision shapes (`changesWithRevision`), so that a resource is out of
 * sync exactly where its content differs between git and the cluster.
 */
function appLabels(record: AppRecord, model: AppModel, tag: string | undefined): Record<string, string> {
  return {
    'app.kubernetes.io/name': model.service,
    'app.kubernetes.io/instance': record.app.metadata?.name ?? model.service,
    ...(tag !== undefined && { 'app.kubernetes.io/version': tag }),
    'app.kubernetes.io/managed-by': 'argocd',
  };
}

function apiVersion(ref: ResourceRef) {
  return ref.group ? `${ref.group}/${ref.version}` : ref.version;
}

/** A manifest as git renders it at a revision (no server-side fields). */
function manifestAt(
  ctx: RenderContext,
  record: AppRecord,
  ref: ResourceRef,
  revision: string,
): JsonObject {
  const model = record.model;
  const tag = imageTagFor(ctx, model, revision);
  const labels = appLabels(record, model, changesWithRevision(ref) ? tag : undefined);
  const metadata: JsonObject = { name: ref.name, labels: { ...labels } };
  if (ref.namespace) metadata.namespace = ref.namespace;
  const base: JsonObject = { apiVersion: apiVersion(ref), kind: ref.kind, metadata };
  const selector = { 'app.kubernetes.io/name': model.service };
  const port = 8080;
  switch (ref.kind) {
    case 'Deployment':
    case 'StatefulSet':
    case 'Rollout':
      return {
        ...base,
        spec: {
          replicas: model.replicas,
          selector: { matchLabels: selector },
          template: {
            metadata: { labels: { ...selector, 'app.kubernetes.io/version': tag } },
            spec: {
              containers: [
                {
                  name: model.service,
                  image: `${model.image}:${tag}`,
                  ports: [{ name: 'http', containerPort: port }],
                  envFrom: [
                    { configMapRef: { name: `${model.service}-config` } },
                    ...(model.secretData
                      ? [{ secretRef: { name: `${model.service}-credentials` } }]
                      : []),
                  ],
                  readinessProbe: { httpGet: { path: '/healthz', port: 'http' } },
                  resources: {
                    requests: { cpu: '100m', memory: '128Mi' },
                    limits: { memory: '256Mi' },
                  },
                },
              ],
            },
          },
          ...(ref.kind === 'Rollout' && model.rollout ? { strategy: rolloutStrategy(model) } : {}),
        },
      };
    case 'AnalysisTemplate':
      return { ...base, spec: model.rollout ? analysisTemplateSpec(model) : {} };
    case 'Service':
      return {
        ...base,
        spec: {
          type: 'ClusterIP',
          selector,
          ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
        },
      };
    case 'ConfigMap':
      return {
        ...base,
        data: {
          LOG_LEVEL: model.env === 'prod' ? 'info' : 'debug',
          APP_VERSION: tag,
          ENVIRONMENT: model.env ?? 'default',
        },
      };
    case 'Secret':
      return { ...base, type: 'Opaque', data: { ...(model.secretData ?? {}) } };
    case 'Ingress':
      return {
        ...base,
        spec: {
          ingressClassName: 'nginx',
          rules: [
            {
              host: ingressHost(model),
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: model.service, port: { name: 'http' } } },
                  },
                ],
              },
            },
          ],
        },
      };
    case 'HorizontalPodAutoscaler':
      return {
        ...base,
        spec: {
          scaleTargetRef: model.rollout
            ? { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: model.service }
            : { apiVersion: 'apps/v1', kind: 'Deployment', name: model.service },
          minReplicas: Math.max(1, model.replicas),
          maxReplicas: Math.max(2, model.replicas * 3),
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
            },
          ],
        },
      };
    default:
      return { ...base, spec: {} };
  }
}

export function ingressHost(model: AppModel): string {
  return `${model.service}.${model.env ?? 'default'}.acme.example`;
}

/** Does the rendered manifest of this resource depend on the revision? */
export function changesWithRevision(ref: ResourceRef): boolean {
  return ['Deployment', 'StatefulSet', 'Rollout', 'ConfigMap'].includes(ref.kind);
}

/** The reason of a Deployment's Progressing condition for an application health. */
function progressingReason(health: AppModel['health']): string {
  if (health === 'Degraded') return 'ProgressDeadlineExceeded';
  if (health === 'Progressing') return 'ReplicaSetUpdated';
  return 'NewReplicaSetAvailable';
}

/** The manifest git wants (null if the resource is not in git). */
export function targetManifest(
  ctx: RenderContext,
  record: AppRecord,
  ref: ResourceRef,
): JsonObject | null {
  const model = record.model;
  if (model.orphan && sameResource(model.orphan, ref) && !model.resources.some(r => sameResource(r, ref))) {
    return null;
  }
  return manifestAt(ctx, record, ref, model.desiredRevision);
}

function applyDrift(manifest: JsonObject, drift: DriftEntry) {
  setPath(manifest, drift.path.split('.'), clone(drift.live));
}

/** The manifest as it lives in the cluster (null if it does not exist). */
export function liveManifest(
  ctx: RenderContext,
  record: AppRecord,
  ref: ResourceRef,
): JsonObject | null {
  const model = record.model;
  if (model.missing) return null;
  const manifest = manifestAt(ctx, record, ref, model.liveRevision);
  for (const drift of model.drift) {
    if (sameResource(drift.resource, ref)) applyDrift(manifest, drift);
  }
  const uid = uuidFrom(record.key, ref.kind, ref.name);
  const restart = model.restarts?.[resourceKey(ref)];
  if (restart && ref.kind !== 'Rollout') {
    // the `restart` action's stamp: each one a new ReplicaSet revision
    manifest.spec.template.metadata.annotations = { 'kubectl.kubernetes.io/restartedAt': restart.at };
  }
  const generation = 1 + (hashInt(`${record.key}${model.liveRevision}`) % 40) + (restart?.count ?? 0);
  manifest.metadata = {
    ...manifest.metadata,
    uid,
    resourceVersion: String(
      100000 +
        (hashInt(
          `${uid}${model.liveRevision}${model.drift.length}${restart?.at ?? ''}${
            ref.kind === 'Rollout' ? model.rollout?.epoch ?? '' : ''
          }`,
        ) %
          9000000),
    ),
    creationTimestamp: isoSeconds(model.createdAt),
  };
  if (ref.kind === 'Deployment' || ref.kind === 'StatefulSet') {
    manifest.metadata.generation = generation;
    manifest.metadata.annotations = {
      'deployment.kubernetes.io/revision': String(generation),
    };
    const replicas = manifest.spec.replicas as number;
    const ready = liveReadyReplicas(model, replicas);
    manifest.status = {
      observedGeneration: generation,
      replicas,
      updatedReplicas: model.health === 'Progressing' ? Math.max(0, replicas - 1) : replicas,
      readyReplicas: ready,
      availableReplicas: ready,
      ...(ready < replicas ? { unavailableReplicas: replicas - ready } : {}),
      conditions: [
        {
          type: 'Available',
          status: ready > 0 || replicas === 0 ? 'True' : 'False',
          reason: ready > 0 || replicas === 0 ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
        },
        {
          type: 'Progressing',
          status: model.health === 'Degraded' ? 'False' : 'True',
          reason: progressingReason(model.health),
        },
      ],
    };
    if (model.health === 'Suspended') manifest.spec.paused = true;
  }
  if (ref.kind === 'Rollout' && model.rollout) {
    manifest.metadata.generation = generation;
    liveRollout(model, manifest, Date.now());
  }
  if (ref.kind === 'Service') {
    manifest.spec.clusterIP = `10.96.${hashInt(uid) % 255}.${hashInt(`${uid}x`) % 255}`;
  }
  return manifest;
}

export function liveReadyReplicas(model: AppModel, replicas: number): number {
  switch (model.health) {
    case 'Degraded':
      return 0;
    case 'Progressing':
      return Math.max(0, replicas - 1);
    case 'Suspended':
    case 'Missing':
      return 0;
    default:
      return replicas;
  }
}

function deepMerge(base: unknown, override: unknown): unknown {
  if (isObject(base) && isObject(override)) {
    const out: JsonObject = { ...base };
    for (const [key, value] of Object.entries(override)) out[key] = deepMerge(base[key], value);
    return out;
  }
  return override === undefined ? base : override;
}

export function maskSecret(manifest: JsonObject | null): JsonObject | null {
  if (!manifest || manifest.kind !== 'Secret' || !isObject(manifest.data)) return manifest;
  const data: Record<string, string> = {};
  for (const key of Object.keys(manifest.data)) data[key] = '++++++++';
  return { ...manifest, data };
}

/** Every resource the app has in git or in the cluster. */
export function allResources(model: AppModel): ResourceRef[] {
  const refs = [...model.resources];
  if (model.orphan && !refs.some(r => sameResource(r, model.orphan!))) refs.push(model.orphan);
  return refs;
}

/** What the live object becomes once git is applied (null if git does not want it). */
function predictedManifest(target: JsonObject | null, live: JsonObject | null): JsonObject | null {
  if (!target) return null;
  if (!live) return target;
  return deepMerge(live, target) as JsonObject;
}

/** The `managed-resources` items (applicationManagedResourcesResponse). */
export function managedResources(ctx: RenderContext, record: AppRecord): JsonObject[] {
  return allResources(record.model).map(ref => {
    let target = targetManifest(ctx, record, ref);
    let live = liveManifest(ctx, record, ref);
    if (ctx.maskSecretData) {
      target = maskSecret(target);
      live = maskSecret(live);
    }
    // What the live object becomes once git is applied: live fields the
    // server owns stay, git's fields win, hand-made changes are undone.
    let predicted = predictedManifest(target, live);
    if (predicted && live) {
      for (const drift of record.model.drift) {
        if (!sameResource(drift.resource, ref)) continue;
        predicted = clone(predicted);
        const path = drift.path.split('.');
        if (drift.target === null || drift.target === undefined) {
          const parent = getPath(predicted, path.slice(0, -1));
          if (isObject(parent)) delete parent[path[path.length - 1]];
        } else {
          setPath(predicted, path, clone(drift.target));
        }
      }
    }
    const modified = JSON.stringify(predicted) !== JSON.stringify(live);
    const item: JsonObject = {
      group: ref.group,
      kind: ref.kind,
      namespace: ref.namespace ?? '',
      name: ref.name,
      targetState: JSON.stringify(target),
      liveState: JSON.stringify(live),
      normalizedLiveState: JSON.stringify(live),
      predictedLiveState: JSON.stringify(predicted),
      hook: false,
      modified,
    };
    if (live?.metadata?.resourceVersion) item.resourceVersion = live.metadata.resourceVersion;
    return item;
  });
}
