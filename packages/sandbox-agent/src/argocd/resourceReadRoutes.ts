import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp } from '../agent/access';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { openStream } from '../http/openStream';
import { HandlerResponse, json } from '../http/types';
import {
  LogLine,
  ResourceQuery,
  containerOf,
  findNode,
  liveObject,
  podLogLines,
  resourceEvents,
  treeNodes,
} from '../state/resourceActivity';
import { AppRecord } from '../state/types';
import { JsonObject } from '../util/json';
import { argoCaller } from './ArgoAuth';

/** A parameter of Argo CD's request (`get('kind')`), however the API prefixes it. */
export type Param = (name: string) => string | undefined;

/** ApplicationService_GetResource: `{manifest}` (the live object as JSON text). */
export function resourceAnswer(agent: SandboxAgent, record: AppRecord, param: Param): HandlerResponse {
  const query: ResourceQuery = {
    kind: param('kind'),
    name: param('resourceName'),
    namespace: param('namespace'),
    group: param('group'),
  };
  const node = query.kind && query.name ? findNode(agent.store.render, record, query) : undefined;
  const live = node && liveObject(agent.store.render, record, node);
  if (!live) {
    throw new ApiError(
      GrpcCode.NotFound,
      `${query.kind || 'resource'} "${query.name ?? ''}" not found as part of application ${record.app.metadata.name}`,
    );
  }
  return json(200, { manifest: JSON.stringify(live) });
}

/**
 * ApplicationService_ListResourceEvents: the events of the resource the
 * namespace, name and UID name in the application's tree (Argo CD refuses
 * one that is not part of the application); without a resource name, the
 * Application's own events (none here).
 */
export function eventsAnswer(agent: SandboxAgent, record: AppRecord, param: Param): HandlerResponse {
  const name = param('resourceName');
  if (!name) return json(200, { metadata: {}, items: [] });
  const uid = param('resourceUID');
  const namespace = param('resourceNamespace');
  const node = treeNodes(agent.store.render, record).find(
    n => n.name === name && (n.namespace ?? '') === (namespace ?? '') && (!uid || n.uid === uid),
  );
  if (!node) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `${name} not found as part of application ${record.app.metadata.name}`,
    );
  }
  return json(200, {
    metadata: {},
    items: resourceEvents(agent.store.render, agent.activity, record, node, agent.store.now()),
  });
}

/** The pods a logs query selects: a pod by name, or those under the named resource. */
function selectedPods(agent: SandboxAgent, record: AppRecord, param: Param): JsonObject[] {
  const nodes = treeNodes(agent.store.render, record);
  const podName = param('podName');
  const query: ResourceQuery = podName
    ? { kind: 'Pod', name: podName, group: '' }
    : { kind: param('kind'), name: param('resourceName'), group: param('group'), namespace: param('namespace') };
  const byUid = new Map(nodes.map(n => [n.uid, n]));
  const selected = (node: JsonObject | undefined, depth = 0): boolean => {
    if (!node || depth > 5) return false;
    if (
      (!query.name || node.name === query.name) &&
      (!query.kind || node.kind === query.kind) &&
      (!query.group || (node.group ?? '') === query.group) &&
      (!query.namespace || node.namespace === query.namespace)
    ) {
      return true;
    }
    return ((node.parentRefs as JsonObject[]) ?? []).some(p => selected(byUid.get(p.uid), depth + 1));
  };
  return nodes.filter(n => n.kind === 'Pod' && selected(n));
}

function logLine(pod: string, line: LogLine): string {
  const at = new Date(line.at).toISOString();
  return JSON.stringify({
    result: { content: line.content, podName: pod, timeStamp: at.replace(/\.\d+Z$/, 'Z'), timeStampStr: at, last: false },
  });
}

/**
 * ApplicationService_PodLogs(2): `{result: applicationLogEntry}` lines of
 * the selected pods (tail, since, filter), then `{result: {last: true}}`;
 * with `follow` the stream stays open and sends each line written to the
 * pods (control API) until the client goes.
 */
export function logsAnswer(agent: SandboxAgent, record: AppRecord, param: Param): HandlerResponse {
  const container = param('container');
  if (container && container !== containerOf(record)) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `container ${container} is not valid for the pods of ${record.app.metadata.name}: choose one of [${containerOf(record)}]`,
    );
  }
  const tail = Number(param('tailLines') ?? 0);
  const since = Number(param('sinceSeconds') ?? 0);
  const filter = param('filter');
  const follow = param('follow') === 'true';
  const pods = selectedPods(agent, record, param);
  const now = agent.store.now();
  const wanted = (line: LogLine) =>
    (!filter || line.content.includes(filter)) && (!(since > 0) || line.at >= now - since * 1000);
  return {
    stream: (req, res) => {
      const stream = openStream(req, res, agent.streams);
      for (const pod of pods) {
        let lines = podLogLines(agent.activity, record, pod).filter(wanted);
        if (tail > 0) lines = lines.slice(-tail);
        for (const line of lines) stream.send(logLine(String(pod.name), line));
      }
      if (!follow) {
        stream.send(JSON.stringify({ result: { content: '', podName: '', last: true } }));
        res.end();
        return;
      }
      const names = new Set(pods.map(p => String(p.name)));
      stream.onClose(
        agent.activity.subscribe((appKey, pod, line) => {
          if (appKey === record.key && names.has(pod) && (!filter || line.content.includes(filter))) {
            stream.send(logLine(pod, line));
          }
        }),
      );
    },
  };
}

/** Argo CD's per-resource reads: live manifest, events, pod logs. */
export function addResourceReadRoutes(router: Router, agent: SandboxAgent) {
  const app = (ctx: Parameters<Parameters<Router['get']>[1]>[0]) =>
    requireApp(agent.store, argoCaller(agent, ctx.req), ctx.params.name, ctx.query.get('appNamespace') || undefined);
  const params = (query: URLSearchParams): Param => name => query.get(name) || undefined;

  router.get('/api/v1/applications/:name/resource', ctx => resourceAnswer(agent, app(ctx), params(ctx.query)));
  router.get('/api/v1/applications/:name/events', ctx => eventsAnswer(agent, app(ctx), params(ctx.query)));
  router.get('/api/v1/applications/:name/logs', ctx => logsAnswer(agent, app(ctx), params(ctx.query)));
  router.get('/api/v1/applications/:name/pods/:podName/logs', ctx => {
    const query = params(ctx.query);
    return logsAnswer(agent, app(ctx), name => (name === 'podName' ? ctx.params.podName : query(name)));
  });
}
