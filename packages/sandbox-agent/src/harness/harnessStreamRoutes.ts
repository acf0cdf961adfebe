import type { SandboxAgent } from '../agent/SandboxAgent';
import { appQueryFrom } from '../argocd/applicationRoutes';
import { replayFrom } from '../argocd/streamRoutes';
import { openStream } from '../http/openStream';
import type { StoreEvent } from '../state/types';
import type { SdkRoute } from './sdkRoutes';

/** Harness passes Argo CD query parameters with a `query.` prefix. */
export function argoQuery(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of query) {
    if (key.startsWith('query.')) out.append(key.slice('query.'.length), value);
  }
  return out;
}

/**
 * AgentApplicationServiceWatch as the SDK defines it: NDJSON lines of
 * StreamResultOfApplicationsApplicationWatchEvent, `{"result": {"type",
 * "application"}}` (ApplicationsApplicationWatchEvent, the Argo CD
 * Application unwrapped) or, ending the stream, `{"error": {...}}`
 * (GatewayruntimeStreamError). The filters are the list's, `query.`-prefixed;
 * `query.resourceVersion` resumes as Argo CD's stream does (the changes
 * since, or a Gone error line for a version the agent no longer holds). The
 * stream faults of the control API reach it as they reach Argo CD's.
 */
export function harnessStreamRoutes(agent: SandboxAgent, sdk: SdkRoute) {
  const store = agent.store;
  sdk('AgentApplicationServiceWatch', (ctx, caller) => {
    const query = appQueryFrom(argoQuery(ctx.query));
    const resume = ctx.query.get('query.resourceVersion');
    return {
      stream: (req, res) => {
        const stream = openStream(req, res, agent.streams, agent.streamFaults);
        const line = (type: string, body: string) =>
          `{"result":{"type":"${type}","application":${body}}}`;
        const send = (event: StoreEvent) => {
          if (event.kind !== 'application') return;
          const record = event.record;
          if (!store.canSee(caller, record.app.spec?.project)) return;
          if (!store.matches(record, query)) return;
          stream.send(line(event.type, store.serialize(record)));
        };
        if (!resume) {
          for (const record of store.listApps(caller, query)) {
            stream.send(line('ADDED', store.serialize(record)));
          }
        } else if (!replayFrom(agent, stream, res, resume, send)) return;
        stream.onClose(store.subscribe(send));
      },
    };
  });
}
