import { hashInt, uuidFrom } from '../util/hash';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import { RenderContext, allResources, liveManifest, maskSecret } from './manifests';
import { resourceTree } from './resourceTree';
import { analysisRunObject } from './rollout/rolloutManifests';
import { AppRecord } from './types';

/** Names a resource as Argo CD's resource queries do (empty = any). */
export interface ResourceQuery {
  kind?: string;
  name?: string;
  namespace?: string;
  group?: string;
  version?: string;
}

/** One log line of a pod's container. */
export interface LogLine {
  at: number;
  content: string;
}

/** An event added through the control API. */
export interface AddedEvent {
  type: string;
  reason: string;
  message: string;
  at: number;
}

type LogListener = (appKey: string, pod: string, line: LogLine) => void;

/**
 * What happens around an application's resources beyond their manifests:
 * Kubernetes events and the log lines of its pods. The scenario gives each
 * a plausible start (see `resourceEvents`, `podLogLines`); tests add events
 * and write log lines through the control API, and log followers see the
 * lines as they are written. Reset with the agent.
 */
export class ResourceActivity {
  private readonly events = new Map<string, AddedEvent[]>();
  private readonly logs = new Map<string, LogLine[]>();
  private readonly listeners = new Set<LogListener>();

  clear() {
    this.events.clear();
    this.logs.clear();
  }

  addEvent(record: AppRecord, node: JsonObject, added: AddedEvent) {
    const key = `${record.key}|${node.uid}`;
    this.events.set(key, [...(this.events.get(key) ?? []), added]);
  }

  addedEvents(record: AppRecord, node: JsonObject): AddedEvent[] {
    return this.events.get(`${record.key}|${node.uid}`) ?? [];
  }

  appendLog(record: AppRecord, pod: string, line: LogLine) {
    const key = `${record.key}|${pod}`;
    this.logs.set(key, [...(this.logs.get(key) ?? []), line]);
    for (const listener of this.listeners) listener(record.key, pod, line);
  }

  appendedLogs(record: AppRecord, pod: string): LogLine[] {
    return this.logs.get(`${record.key}|${pod}`) ?? [];
  }

  /** How many log streams follow pods now. */
  get followers(): number {
    return this.listeners.size;
  }

  /** Calls `listener` for every line written from now on; returns the unsubscribe. */
  subscribe(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The nodes of the application's tree (managed resources, ReplicaSets, Pods). */
export function treeNodes(ctx: RenderContext, record: AppRecord): JsonObject[] {
  return resourceTree(ctx, record).nodes as JsonObject[];
}

function matches(node: JsonObject, query: ResourceQuery): boolean {
  return (
    (!query.kind || node.kind === query.kind) &&
    (!query.name || node.name === query.name) &&
    (!query.namespace || (node.namespace ?? '') === query.namespace) &&
    (query.group === undefined || query.group === '' || (node.group ?? '') === query.group)
  );
}

/** The tree node a query names, if the application has it. */
export function findNode(ctx: RenderContext, record: AppRecord, query: ResourceQuery): JsonObject | undefined {
  return treeNodes(ctx, record).find(node => matches(node, query));
}

/** The container of the sandbox's pods (one per pod, named for the service). */
export function containerOf(record: AppRecord): string {
  return record.model.service;
}

/**
 * The live object of a tree node, as GetResource answers it: the managed
 * resources as the cluster holds them (a Secret with its data, masked only
 * when the agent is configured to mask, as Argo CD does), ReplicaSets and
 * Pods as their controllers made them.
 */
export function liveObject(ctx: RenderContext, record: AppRecord, node: JsonObject): JsonObject | null {
  const ref = allResources(record.model).find(
    r => r.kind === node.kind && r.name === node.name && (r.namespace ?? '') === (node.namespace ?? ''),
  );
  if (ref) {
    const live = liveManifest(ctx, record, ref);
    return ctx.maskSecretData ? maskSecret(live) : live;
  }
  if (node.kind === 'AnalysisRun') return analysisRunObject(record, node, Date.now());
  const metadata = {
    name: node.name,
    namespace: node.namespace,
    uid: node.uid,
    resourceVersion: node.resourceVersion,
    creationTimestamp: node.createdAt,
    labels: { 'app.kubernetes.io/name': record.model.service },
    ownerReferences: ((node.parentRefs as JsonObject[]) ?? []).map(p => ({
      apiVersion: p.group ? `${p.group}/v1` : 'v1',
      kind: p.kind,
      name: p.name,
      uid: p.uid,
      controller: true,
    })),
  };
  const containers = [
    {
      name: containerOf(record),
      image: ((node.images as string[]) ?? [])[0] ?? record.model.image,
      ports: [{ name: 'http', containerPort: 8080 }],
    },
  ];
  if (node.kind === 'Pod') {
    const info = Object.fromEntries(((node.info as JsonObject[]) ?? []).map(i => [i.name, i.value]));
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata,
      spec: { containers, nodeName: info.Node },
      status: { phase: info['Status Reason'] === 'Running' ? 'Running' : 'Pending' },
    };
  }
  if (node.kind === 'ReplicaSet') {
    return {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata,
      spec: { replicas: record.model.replicas, template: { spec: { containers } } },
    };
  }
  return null;
}

function event(
  record: AppRecord,
  node: JsonObject,
  index: number,
  fields: { type: string; reason: string; message: string; component: string; count?: number; first: number; last?: number },
): JsonObject {
  const name = `${node.name}.${(hashInt(`${node.uid}${index}`) % 0xffffffff).toString(16)}`;
  return {
    metadata: {
      name,
      namespace: node.namespace || record.model.destNamespace,
      uid: uuidFrom(record.key, 'Event', name),
      creationTimestamp: isoSeconds(fields.first),
    },
    involvedObject: {
      apiVersion: node.group ? `${node.group}/${node.version}` : node.version,
      kind: node.kind,
      namespace: node.namespace,
      name: node.name,
      uid: node.uid,
    },
    reason: fields.reason,
    message: fields.message,
    source: { component: fields.component },
    firstTimestamp: isoSeconds(fields.first),
    lastTimestamp: isoSeconds(fields.last ?? fields.first),
    count: fields.count ?? 1,
    type: fields.type,
    reportingComponent: '',
    reportingInstance: '',
  };
}

/** The Kubernetes events of a resource (an eventsEventList's items). */
export function resourceEvents(
  ctx: RenderContext,
  activity: ResourceActivity,
  record: AppRecord,
  node: JsonObject,
  now: number,
): JsonObject[] {
  const model = record.model;
  const t0 = model.createdAt;
  const items: JsonObject[] = [];
  const add = (fields: Parameters<typeof event>[3]) => items.push(event(record, node, items.length, fields));
  if (node.kind === 'Deployment' || node.kind === 'StatefulSet') {
    const rs = treeNodes(ctx, record).find(n => n.kind === 'ReplicaSet');
    add({
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: `Scaled up replica set ${rs?.name ?? node.name} to ${model.replicas}`,
      component: 'deployment-controller',
      first: t0,
    });
  } else if (node.kind === 'ReplicaSet') {
    for (const pod of treeNodes(ctx, record).filter(n => n.kind === 'Pod')) {
      add({ type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: ${pod.name}`, component: 'replicaset-controller', first: t0 });
    }
  } else if (node.kind === 'Pod') {
    const image = ((node.images as string[]) ?? [])[0];
    add({ type: 'Normal', reason: 'Scheduled', message: `Successfully assigned ${node.namespace}/${node.name} to ${(node.info as JsonObject[]).find(i => i.name === 'Node')?.value}`, component: 'default-scheduler', first: t0 });
    add({ type: 'Normal', reason: 'Pulled', message: `Container image "${image}" already present on machine`, component: 'kubelet', first: t0 + 1000 });
    add({ type: 'Normal', reason: 'Created', message: `Created container ${containerOf(record)}`, component: 'kubelet', first: t0 + 1000 });
    add({ type: 'Normal', reason: 'Started', message: `Started container ${containerOf(record)}`, component: 'kubelet', first: t0 + 2000 });
    if ((node.health as JsonObject | undefined)?.status === 'Degraded') {
      add({
        type: 'Warning',
        reason: 'BackOff',
        message: `Back-off restarting failed container ${containerOf(record)} in pod ${node.name}`,
        component: 'kubelet',
        count: 3 + (hashInt(String(node.name)) % 40),
        first: t0 + 60_000,
        last: Math.max(t0 + 60_000, now - 30_000),
      });
    }
  }
  for (const added of activity.addedEvents(record, node)) {
    add({ type: added.type, reason: added.reason, message: added.message, component: 'sandbox', first: added.at });
  }
  return items;
}

/**
 * A pod's log lines: its start-up (the database URL it connects to carries
 * the password of the service's Secret, as careless services log it), a
 * crash when the pod is failing, then what was written through the control
 * API.
 */
export function podLogLines(activity: ResourceActivity, record: AppRecord, pod: JsonObject): LogLine[] {
  const model = record.model;
  const t0 = model.createdAt + 2000;
  const image = ((pod.images as string[]) ?? [])[0] ?? model.image;
  const lines: LogLine[] = [
    { at: t0, content: `Starting ${model.service} (${image}) in pod ${pod.name}` },
    { at: t0 + 100, content: `Loaded configuration from ConfigMap ${model.service}-config` },
  ];
  const dsn = model.secretData?.DATABASE_URL;
  if (dsn) {
    lines.push({ at: t0 + 200, content: `Connecting to ${Buffer.from(dsn, 'base64').toString('utf8')}` });
  }
  if ((pod.health as JsonObject | undefined)?.status === 'Degraded') {
    lines.push({ at: t0 + 300, content: 'panic: readiness check failed: dependency unavailable' });
  } else {
    lines.push({ at: t0 + 300, content: 'Listening on :8080' });
  }
  return [...lines, ...activity.appendedLogs(record, String(pod.name))];
}
