import type {
  FleetApplicationFilter,
  GitOpsAgentInfo,
  GitOpsApplication,
} from '../types';
import { needsAttention } from './applicationAttention';
import { countedHealthStatus, countedSyncStatus } from './fleetCounts';

/**
 * Agents by id, for the region filter: a record or a map.
 * @public
 */
export type AgentsById =
  | Readonly<Record<string, Pick<GitOpsAgentInfo, 'region'> | undefined>>
  | ReadonlyMap<string, Pick<GitOpsAgentInfo, 'region'>>;

function regionOf(agentsById: AgentsById, agentId: string): string | undefined {
  if (agentsById instanceof Map) {
    return agentsById.get(agentId)?.region;
  }
  const record = agentsById as Readonly<
    Record<string, Pick<GitOpsAgentInfo, 'region'> | undefined>
  >;
  return Object.prototype.hasOwnProperty.call(record, agentId)
    ? record[agentId]?.region
    : undefined;
}

function searchableText(app: GitOpsApplication): string {
  return [
    app.name,
    app.namespace,
    app.project,
    app.environment,
    app.service,
    app.agentId,
    app.clusterName,
    app.applicationSet,
    app.destination.name,
    app.destination.namespace,
    app.destination.server,
    ...app.sources.flatMap(s => [s.repoURL, s.path, s.chart]),
  ]
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
    .join('\n')
    .toLocaleLowerCase('en');
}

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * Whether an application is sent to one of the named clusters: by its
 * server when servers are given and it has one, else by its cluster name,
 * destination name or server.
 */
function onCluster(
  app: GitOpsApplication,
  clusters: readonly string[] | undefined,
  servers: readonly string[] | undefined,
): boolean {
  if (!clusters?.length && !servers?.length) return true;
  const server = app.destination.server;
  if (servers?.length && server) {
    const own = withoutTrailingSlashes(server);
    return servers.some(s => withoutTrailingSlashes(s) === own);
  }
  return (clusters ?? []).some(
    cluster =>
      cluster === app.clusterName ||
      cluster === app.destination.name ||
      cluster === server,
  );
}

function oneOf<T>(allowed: readonly T[] | undefined, value: T): boolean {
  return !allowed || allowed.length === 0 || allowed.includes(value);
}

/**
 * Narrows the fleet list. Values within one filter field are alternatives
 * (OR); fields combine (AND); absent or empty fields do not narrow. Health
 * and sync compare the statuses an application counts under in the summary
 * (`countedHealthStatus`, `countedSyncStatus`). `region`
 * is the region of the serving agent, looked up in `agentsById` (an app
 * whose agent has no region is left out when regions are asked for).
 * `attention` keeps the applications that need attention (`needsAttention`).
 * `cluster` and `server` name destination clusters: an application sent to
 * a server matches by it (trailing slashes ignored) when servers are given,
 * else by its cluster name, destination name or server among `cluster`.
 * `search` is split on whitespace; every term must occur, case-insensitively,
 * in the app's name, namespace, project, environment, service, agent,
 * cluster, ApplicationSet, destination or source repository, path or chart.
 * @public
 */
export function filterFleetApplications(
  apps: readonly GitOpsApplication[],
  filter: FleetApplicationFilter,
  agentsById: AgentsById = {},
): GitOpsApplication[] {
  const terms = (filter.search ?? '')
    .toLocaleLowerCase('en')
    .split(/\s+/)
    .filter(Boolean);
  return apps.filter(app => {
    if (
      !oneOf(filter.agent, app.agentId) ||
      !oneOf(filter.environment, app.environment) ||
      !oneOf(filter.health, countedHealthStatus(app.health.status)) ||
      !oneOf(filter.sync, countedSyncStatus(app.sync.status)) ||
      !oneOf(filter.project, app.project) ||
      (filter.attention && !needsAttention(app)) ||
      !onCluster(app, filter.cluster, filter.server)
    ) {
      return false;
    }
    if (filter.region && filter.region.length > 0) {
      const region = regionOf(agentsById, app.agentId);
      if (region === undefined || !filter.region.includes(region)) {
        return false;
      }
    }
    if (terms.length > 0) {
      const text = searchableText(app);
      return terms.every(term => text.includes(term));
    }
    return true;
  });
}
