import { hashInt, sha1Hex, uuidFrom } from '../util/hash';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import {
  RenderContext,
  allResources,
  imageAt,
  ingressHost,
  liveManifest,
  liveReadyReplicas,
} from './manifests';
import { rolloutChildNodes, rolloutHealthOf } from './rollout/rolloutManifests';
import { fullyPromoted } from './rollout/rolloutModel';
import { AppModel, AppRecord, ResourceRef } from './types';

/** The health of the app's workload, as Argo CD words it. */
export function workloadHealth(model: AppModel, name: string): JsonObject {
  switch (model.health) {
    case 'Degraded':
      return {
        status: 'Degraded',
        message: model.healthMessage ?? `Deployment "${name}" exceeded its progress deadline`,
      };
    case 'Progressing':
      return {
        status: 'Progressing',
        message:
          model.healthMessage ??
          `Waiting for rollout to finish: 1 old replicas are pending termination...`,
      };
    case 'Suspended':
      return { status: 'Suspended', message: model.healthMessage ?? 'Deployment is paused' };
    case 'Missing':
      return { status: 'Missing' };
    case 'Unknown':
      return { status: 'Unknown', message: model.healthMessage ?? 'health check timed out' };
    default:
      return { status: 'Healthy' };
  }
}

/** Health of a resource that is not the workload (null: kinds without health). */
function resourceHealth(ref: ResourceRef): JsonObject | null {
  // Argo CD has no health check for these kinds (an AnalysisTemplate neither)
  if (['ConfigMap', 'Secret', 'AnalysisTemplate'].includes(ref.kind)) return null;
  return { status: 'Healthy' };
}

/** The health of one resource, as status.resources[].health would carry it. */
export function healthOf(model: AppModel, ref: ResourceRef): JsonObject | null {
  if (model.missing) return { status: 'Missing' };
  if (ref.kind === 'Deployment' || ref.kind === 'StatefulSet') return workloadHealth(model, ref.name);
  // a Rollout's health is what Argo CD's health.lua reads from its status
  if (ref.kind === 'Rollout' && model.rollout) return { ...rolloutHealthOf(model) };
  return resourceHealth(ref);
}

function refOf(node: JsonObject): JsonObject {
  return {
    group: node.group,
    kind: node.kind,
    namespace: node.namespace,
    name: node.name,
    uid: node.uid,
  };
}

/** The resource tree (v1alpha1ApplicationTree) of an application. */
export function resourceTree(ctx: RenderContext, record: AppRecord): JsonObject {
  const model = record.model;
  const nodes: JsonObject[] = [];
  if (model.missing) return { nodes: [] };
  const createdAt = isoSeconds(model.createdAt);
  for (const ref of allResources(model)) {
    const live = liveManifest(ctx, record, ref);
    if (!live) continue;
    const node: JsonObject = {
      group: ref.group,
      version: ref.version,
      kind: ref.kind,
      namespace: ref.namespace ?? '',
      name: ref.name,
      uid: live.metadata.uid,
      resourceVersion: live.metadata.resourceVersion,
      createdAt,
    };
    const health = healthOf(model, ref);
    if (health) node.health = health;
    if (ref.kind === 'Service') {
      node.networkingInfo = { targetLabels: { 'app.kubernetes.io/name': model.service } };
    }
    if (ref.kind === 'Ingress') {
      node.networkingInfo = {
        targetRefs: [{ kind: 'Service', name: model.service, namespace: ref.namespace }],
        ingress: [{ hostname: 'ingress-nginx.acme.example' }],
        externalURLs: [`https://${ingressHost(model)}/`],
      };
    }
    nodes.push(node);
    if (ref.kind === 'Deployment') nodes.push(...podNodes(record, node, live));
    if (ref.kind === 'Rollout' && model.rollout) {
      nodes.push(...rolloutChildNodes(record, node, live, revision => imageAt(ctx, model, revision), Date.now()));
    }
  }
  return { nodes };
}

/** The `Status Reason` of a pod of the application's Deployment. */
function podReason(model: AppModel, healthy: boolean): string {
  if (healthy) return 'Running';
  if (model.health === 'Degraded') return 'CrashLoopBackOff';
  return 'ContainerCreating';
}

/** The health of a pod of the application's Deployment. */
function podHealth(model: AppModel, podName: string, healthy: boolean): JsonObject {
  if (healthy) return { status: 'Healthy' };
  if (model.health === 'Degraded') {
    return {
      status: 'Degraded',
      message: `back-off 5m0s restarting failed container=${model.service} pod=${podName}`,
    };
  }
  return { status: 'Progressing' };
}

function podNodes(
  record: AppRecord,
  deployment: JsonObject,
  live: JsonObject,
): JsonObject[] {
  const model = record.model;
  const image = live.spec.template.spec.containers[0].image as string;
  // the pod template's hash: a restart (restartedAt) makes a new ReplicaSet
  const restartedAt = live.spec.template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt'];
  const templateHash = sha1Hex(record.key, image, ...(restartedAt ? [restartedAt] : [])).slice(0, 10).replace(/[0-9]/g, d =>
    'bcdfghjklm'.charAt(Number(d)),
  );
  const rsName = `${deployment.name}-${templateHash}`;
  const rs: JsonObject = {
    group: 'apps',
    version: 'v1',
    kind: 'ReplicaSet',
    namespace: deployment.namespace,
    name: rsName,
    uid: uuidFrom(record.key, 'ReplicaSet', rsName),
    resourceVersion: live.metadata.resourceVersion,
    createdAt: deployment.createdAt,
    parentRefs: [refOf(deployment)],
    info: [{ name: 'Revision', value: `Rev:${live.metadata.generation ?? 1}` }],
    health:
      model.health === 'Progressing'
        ? { status: 'Progressing', message: 'Waiting for rollout to finish' }
        : { status: 'Healthy' },
  };
  const nodes = [rs];
  const replicas = Math.min(10, Number(live.spec.replicas ?? 0));
  const ready = liveReadyReplicas(model, replicas);
  for (let i = 0; i < (model.health === 'Suspended' ? 0 : replicas); i++) {
    const suffix = sha1Hex(rsName, i)
      .slice(0, 5)
      .replace(/[0-9]/g, d => 'bcdfghjklm'.charAt(Number(d)));
    const podName = `${rsName}-${suffix}`;
    const healthy = i < ready;
    const reason = podReason(model, healthy);
    nodes.push({
      version: 'v1',
      kind: 'Pod',
      namespace: deployment.namespace,
      name: podName,
      uid: uuidFrom(record.key, 'Pod', podName),
      resourceVersion: String(200000 + (hashInt(podName) % 900000)),
      createdAt: deployment.createdAt,
      parentRefs: [refOf(rs)],
      images: [image],
      info: [
        { name: 'Status Reason', value: reason },
        { name: 'Node', value: `ip-10-0-${hashInt(podName) % 32}-${hashInt(`${podName}n`) % 250}.compute.internal` },
        { name: 'Containers', value: healthy ? '1/1' : '0/1' },
        ...(model.health === 'Degraded' && !healthy
          ? [{ name: 'Restart Count', value: String(3 + (hashInt(podName) % 40)) }]
          : []),
      ],
      health: podHealth(model, podName, healthy),
    });
  }
  return nodes;
}

/** The images that run, for status.summary.images. */
export function liveImages(ctx: RenderContext, record: AppRecord): string[] {
  const model = record.model;
  if (model.missing) return [];
  const drifted = model.drift.find(d => d.field === 'image');
  const images = [drifted ? String(drifted.live) : imageAt(ctx, model, model.liveRevision)];
  // a canary under way runs the stable revision's image too
  if (model.rollout && !fullyPromoted(model)) {
    const stable = imageAt(ctx, model, model.rollout.stableRevision);
    if (!images.includes(stable)) images.push(stable);
  }
  return images;
}
