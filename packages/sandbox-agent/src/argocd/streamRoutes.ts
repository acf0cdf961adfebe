import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp, allowed } from '../agent/access';
import { Router } from '../http/Router';
import { openStream } from '../http/openStream';
import { resourceTree } from '../state/resourceTree';
import { appQueryFrom } from './applicationRoutes';
import { appSetProject } from './applicationSetRoutes';
import { argoCaller } from './ArgoAuth';

/**
 * Watch streams: current objects first (unless resuming from a
 * resourceVersion), then every change, as NDJSON or Server-Sent Events.
 */
export function addStreamRoutes(router: Router, agent: SandboxAgent) {
  const store = agent.store;

  router.get('/api/v1/stream/applications', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const query = appQueryFrom(ctx.query);
    const resume = ctx.query.get('resourceVersion');
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams);
        const line = (type: string, json: string) =>
          `{"result":{"type":"${type}","application":${json}}}`;
        if (!resume) {
          for (const record of store.listApps(caller, query)) {
            stream.send(line('ADDED', store.serialize(record)));
          }
        }
        stream.onClose(
          store.subscribe(event => {
            if (event.kind !== 'application') return;
            const record = event.record;
            if (!store.canSee(caller, record.app.spec?.project)) return;
            if (!store.matches(record, query)) return;
            stream.send(line(event.type, store.serialize(record)));
          }),
        );
      },
    };
  });

  router.get('/api/v1/stream/applications/:name/resource-tree', ctx => {
    const caller = argoCaller(agent, ctx.req);
    const record = requireApp(store, caller, ctx.params.name, ctx.query.get('appNamespace'));
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams);
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
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams);
        const send = (type: string, appSet: object) =>
          stream.send(JSON.stringify({ result: { type, applicationSet: appSet } }));
        if (!resume) {
          for (const record of store.appSets.values()) {
            if (allowed(store, caller, appSetProject(record.appSet), 'get')) {
              send('ADDED', agent.applicationSets.refreshStatus(record));
            }
          }
        }
        stream.onClose(
          store.subscribe(event => {
            if (event.kind !== 'applicationset') return;
            if (!allowed(store, caller, appSetProject(event.record.appSet), 'get')) return;
            send(event.type, event.record.appSet);
          }),
        );
      },
    };
  });
}
