import type {
  FleetApplicationFilter,
  GitOpsAgentInfo,
  GitOpsApplication,
} from '../types';

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

function oneOf<T>(allowed: readonly T[] | undefined, value: T): boolean {
  return !allowed || allowed.length === 0 || allowed.includes(value);
}

/**
 * Narrows the fleet list. Values within one filter field are alternatives
 * (OR); fields combine (AND); absent or empty fields do not narrow. `region`
 * is the region of the serving agent, looked up in `agentsById` (an app
 * whose agent has no region is left out when regions are asked for).
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
      !oneOf(filter.health, app.health.status) ||
      !oneOf(filter.sync, app.sync.status) ||
      !oneOf(filter.project, app.project)
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
