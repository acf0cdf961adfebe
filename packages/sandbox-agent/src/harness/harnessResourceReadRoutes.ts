import type { SandboxAgent } from '../agent/SandboxAgent';
import { requireApp } from '../agent/access';
import { eventsAnswer, logsAnswer, Param, resourceAnswer } from '../argocd/resourceReadRoutes';
import { RequestContext } from '../http/types';
import { Caller } from '../state/types';
import { SdkRoute } from './sdkRoutes';

/**
 * The per-resource reads of the Harness gateway, as the SDK sends them:
 * GetResource with `request.`-prefixed fields, ListResourceEvents and
 * PodLogs(2) with `query.`-prefixed ones; the answers are Argo CD's.
 */
export function harnessResourceReadRoutes(agent: SandboxAgent, sdk: SdkRoute) {
  const reads = (prefix: 'request.' | 'query.') => (ctx: RequestContext, caller: Caller) => {
    const param: Param = name => {
      if (name === 'podName' && ctx.params.podName) return ctx.params.podName;
      return ctx.query.get(`${prefix}${name}`) || undefined;
    };
    const record = requireApp(agent.store, caller, ctx.params.name, param('appNamespace'));
    return { record, param };
  };
  const request = reads('request.');
  const query = reads('query.');

  sdk('AgentApplicationServiceGetResource', (ctx, caller) => {
    const { record, param } = request(ctx, caller);
    return resourceAnswer(agent, record, param);
  });
  sdk('AgentApplicationServiceListResourceEvents', (ctx, caller) => {
    const { record, param } = query(ctx, caller);
    return eventsAnswer(agent, record, param);
  });
  sdk('AgentApplicationServicePodLogs2', (ctx, caller) => {
    const { record, param } = query(ctx, caller);
    return logsAnswer(agent, record, param);
  });
  sdk('AgentApplicationServicePodLogs', (ctx, caller) => {
    const { record, param } = query(ctx, caller);
    return logsAnswer(agent, record, param);
  });
}
