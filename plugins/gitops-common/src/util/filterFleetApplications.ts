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
 * server when servers are given (without trailing slashes) and it has one,
 * else by its cluster name, destination name or server.
 */
function onCluster(
  app: GitOpsApplication,
  clusters: readonly string[],
  servers: readonly string[],
): boolean {
  const server = app.destination.server;
  if (servers.length && server) {
    return servers.includes(withoutTrailingSlashes(server));
  }
  return clusters.some(
    cluster =>
      cluster === app.clusterName ||
      cluster === app.destination.name ||
      cluster === server,
  );
}

/** One criterion of a fleet filter: whether an application meets it. */
type Criterion = (app: GitOpsApplication) => boolean;

/** The criterion that `value` is one of `allowed`; none when `allowed` is absent or empty. */
function oneOf<T>(
  allowed: readonly T[] | undefined,
  value: (app: GitOpsApplication) => T,
): Criterion[] {
  return allowed?.length ? [app => allowed.includes(value(app))] : [];
}

/**
 * The criteria `filter` sets, each once: a field that is absent or empty
 * sets none, so an unfiltered list tests nothing per application.
 */
function criteriaOf(
  filter: FleetApplicationFilter,
  agentsById: AgentsById,
): Criterion[] {
  const criteria: Criterion[] = [
    ...oneOf(filter.agent, app => app.agentId),
    ...oneOf(filter.environment, app => app.environment),
    ...oneOf(filter.health, app => countedHealthStatus(app.health.status)),
    ...oneOf(filter.sync, app => countedSyncStatus(app.sync.status)),
    ...oneOf(filter.project, app => app.project),
  ];
  if (filter.attention) criteria.push(needsAttention);
  if (filter.cluster?.length || filter.server?.length) {
    const clusters = filter.cluster ?? [];
    const servers = (filter.server ?? []).map(withoutTrailingSlashes);
    criteria.push(app => onCluster(app, clusters, servers));
  }
  if (filter.region?.length) {
    const regions = filter.region;
    criteria.push(app => {
      const region = regionOf(agentsById, app.agentId);
      return region !== undefined && regions.includes(region);
    });
  }
  const terms = (filter.search ?? '')
    .toLocaleLowerCase('en')
    .split(/\s+/)
    .filter(Boolean);
  if (terms.length > 0) {
    criteria.push(app => {
      const text = searchableText(app);
      return terms.every(term => text.includes(term));
    });
  }
  return criteria;
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
  const criteria = criteriaOf(filter, agentsById);
  if (!criteria.length) return [...apps];
  return apps.filter(app => criteria.every(meets => meets(app)));
}
