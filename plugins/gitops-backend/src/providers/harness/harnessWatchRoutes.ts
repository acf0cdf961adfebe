import type { WatchRoutes } from '../argocd/ArgoCdWatcher';
import type { HarnessScope } from './harnessApplicationUiUrl';
import {
  harnessAgentPath,
  harnessScopeQuery,
  unwrapHarnessApplication,
} from './harnessRouteScheme';

/**
 * A Harness agent's list-then-watch, as the Harness Go SDK sends it: the
 * list is AgentApplicationServiceList (its `metadata.resourceVersion` is
 * where the watch starts), the stream AgentApplicationServiceWatch, whose
 * lines are StreamResultOfApplicationsApplicationWatchEvent (`{result:
 * {type, application}}` or `{error}`, as Argo CD's). Both take the scope and
 * `query.`-prefixed parameters; the watch requires `query.name`, which the
 * SDK sends empty when unset (every application). There is no `fields`
 * selection: lists and events are cut to lean before normalizing, and there
 * is no ApplicationSet stream (ApplicationSets are read with the inventory).
 */
export function harnessWatchRoutes(scope: HarnessScope): WatchRoutes {
  return {
    // AgentApplicationServiceList
    applications: {
      path: harnessAgentPath(scope, '/applications'),
      query: harnessScopeQuery(scope),
    },
    // AgentApplicationServiceWatch
    streamApplications: resourceVersion => ({
      path: harnessAgentPath(scope, '/stream/applications'),
      query: harnessScopeQuery(scope, {
        'query.name': '',
        'query.resourceVersion': resourceVersion,
      }),
    }),
    selectsFields: false,
    unwrap: unwrapHarnessApplication,
  };
}
