import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp, allowed } from '../agent/access';
import { Router } from '../http/Router';
import type { ServerResponse } from 'node:http';
import { GrpcCode } from '../http/ApiError';
import { EventStream, openStream } from '../http/openStream';
import { resourceTree } from '../state/resourceTree';
import { parseFieldSelection, projectApplication } from '../state/fieldSelection';
import type { AppRecord, StoreEvent } from '../state/types';
import type { JsonObject } from '../util/json';
import { appQueryFrom } from './applicationRoutes';
import { appSetProject, appSetRbac } from './applicationSetRoutes';
import { argoCaller } from './ArgoAuth';

/**
 * A watch resumed from a resource version replays the changes since, as
 * Kubernetes does; a version the agent no longer holds ends the stream with
 * a Gone error line (grpc-gateway's stream error), and the client lists
 * again. False when it ended. Argo CD's streams and Harness's
 * AgentApplicationServiceWatch resume alike.
 */
export function replayFrom(
  agent: SandboxAgent,
  stream: EventStream,
  res: ServerResponse,
  resume: string,
  send: (event: StoreEvent) => void,
): boolean {
  const missed = agent.events.since(resume);
  if (!missed) {
    stream.send(
      JSON.stringify({
        error: {
          grpc_code: GrpcCode.FailedPrecondition,
          http_code: 410,
          http_status: 'Gone',
          message: `too old resource version: ${resume} (${agent.store.resourceVersion()})`,
        },
      }),
    );
    res.end();
    return false;
  }
  for (const event of missed) send(event);
  return true;
}

/**
 * Watch streams: current objects first (or, resuming from a
 * resourceVersion, the changes since), then every change, as NDJSON or
 * Server-Sent Events.
 */
export function addStreamRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  const replay = (stream: EventStream, res: ServerResponse, resume: string, send: (event: StoreEvent) => void) =>
    replayFrom(agent, stream, res, resume, send);

  router.get('/api/v1/stream/applications', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const query = appQueryFrom(ctx.query);
    const resume = ctx.query.get('resourceVersion');
    // `fields` as Argo CD's UI sends it: `result.application.<field>`
    const selection = parseFieldSelection(ctx.query.get('fields'));
    const body = (record: AppRecord) =>
      selection
        ? JSON.stringify(projectApplication(record.app, selection, 'result.application.'))
        : store.serialize(record);
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams, agent.streamFaults);
        const line = (type: string, json: string) =>
          `{"result":{"type":"${type}","application":${json}}}`;
        const send = (event: StoreEvent) => {
          if (event.kind !== 'application') return;
          const record = event.record;
          if (!store.canSeeApp(caller, record)) return;
          if (!store.matches(record, query)) return;
          stream.send(line(event.type, body(record)));
        };
        if (!resume) {
          for (const record of store.listApps(caller, query)) {
            stream.send(line('ADDED', body(record)));
          }
        } else if (!replay(stream, res, resume, send)) return;
        stream.onClose(store.subscribe(send));
      },
    };
  });

  router.get('/api/v1/stream/applications/:name/resource-tree', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, ctx.query.get('appNamespace'));
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams, agent.streamFaults);
        const send = () => stream.send(JSON.stringify({ result: resourceTree(store.render, record) }));
        send();
        stream.onClose(
          store.subscribe(event => {
            if (event.kind === 'application' && event.record.key === record.key && event.type !== 'DELETED') {
              send();
            }
          }),
        );
      },
    };
  });

  router.get('/api/v1/stream/applicationsets', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const resume = ctx.query.get('resourceVersion');
    const mayGet = (appSet: JsonObject) => {
      const project = appSetProject(appSet);
      return allowed(store, caller, project, 'get', appSetRbac(project, appSet.metadata?.name));
    };
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams, agent.streamFaults);
        const send = (type: string, appSet: object) =>
          stream.send(JSON.stringify({ result: { type, applicationSet: appSet } }));
        const sendEvent = (event: StoreEvent) => {
          if (event.kind !== 'applicationset') return;
          if (!mayGet(event.record.appSet)) return;
          send(event.type, event.record.appSet);
        };
        if (!resume) {
          for (const record of store.appSets.values()) {
            if (mayGet(record.appSet)) {
              send('ADDED', agent.applicationSets.refreshStatus(record));
            }
          }
        } else if (!replay(stream, res, resume, sendEvent)) return;
        stream.onClose(store.subscribe(sendEvent));
      },
    };
  });
}
