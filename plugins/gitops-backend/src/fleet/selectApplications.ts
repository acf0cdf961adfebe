import {
  FleetApplicationFilter,
  filterFleetApplications,
  AgentsById,
  GitOpsApplication,
  GitOpsEntityQuery,
  LabelSelector,
  parseLabelSelector,
  QueryableApplication,
  stripHarnessScope,
} from '@gitops-suite/plugin-gitops-common';
import { AgentFleet } from './AgentFleet';
import { intersect } from './KeyIndex';

/**
 * Keys a selector's positive requirements allow (`=`, `in`, exists) as an
 * intersection of the label index's sets, or undefined when it has none
 * (only `!=`, `notin`, `!key`: every application is a candidate).
 */
function selectorKeys(
  fleet: AgentFleet,
  selector: LabelSelector,
): Set<string> | undefined {
  const sets: ReadonlySet<string>[] = [];
  for (const { key, operator, values } of selector.requirements) {
    if (operator === 'equals')
      sets.push(fleet.byLabel.get(`${key}=${values[0]}`));
    else if (operator === 'in') {
      sets.push(fleet.byLabel.union(values.map(v => `${key}=${v}`)));
    } else if (operator === 'exists') sets.push(fleet.byLabelKey.get(key));
  }
  return sets.length ? intersect(sets) : undefined;
}

/**
 * The keys an entity query may select on one agent, from the indexes:
 * O(the entity's applications), not O(the agent's). Undefined means every
 * application is a candidate (a query that selects nothing, or a selector
 * with only negative requirements).
 */
function candidateKeys(
  fleet: AgentFleet,
  query: GitOpsEntityQuery,
  selector: LabelSelector | undefined,
): Set<string> | undefined {
  const selects =
    query.services.length > 0 ||
    selector !== undefined ||
    query.applications.length > 0 ||
    (query.applicationSets?.length ?? 0) > 0;
  if (!selects) return undefined;
  const keys = fleet.byService.union(
    query.services.flatMap(s => [`g:${s}`, `h:${stripHarnessScope(s)}`]),
  );
  for (const named of query.applications) {
    for (const key of fleet.byName.get(named.name)) keys.add(key);
  }
  if (query.applicationSets?.length) {
    for (const key of fleet.generatedKeys(query.applicationSets)) keys.add(key);
  }
  if (selector) {
    const selected = selectorKeys(fleet, selector);
    if (!selected) return undefined;
    for (const key of selected) keys.add(key);
  }
  return keys;
}

/** An entity's applications on one agent, with their ApplicationSet owner. */
export function selectApplications(
  fleet: AgentFleet,
  query: GitOpsEntityQuery,
  matches: (app: QueryableApplication) => boolean,
): GitOpsApplication[] {
  const selector =
    query.selector !== undefined
      ? parseLabelSelector(query.selector)
      : undefined;
  const keys = candidateKeys(fleet, query, selector) ?? fleet.apps.keys();
  const result: GitOpsApplication[] = [];
  for (const key of keys) {
    const app = fleet.apps.get(key);
    if (!app) continue;
    const owned = fleet.withOwner(app);
    if (matches(owned)) result.push(owned);
  }
  return result;
}

/**
 * One agent's applications narrowed by a fleet filter: the environment,
 * sync, health and attention indexes give the candidates, the shared
 * filter decides.
 */
export function filterAgentFleet(
  fleet: AgentFleet,
  filter: FleetApplicationFilter,
  agentsById: AgentsById,
): GitOpsApplication[] {
  const sets: ReadonlySet<string>[] = [];
  if (filter.environment?.length)
    sets.push(fleet.byEnvironment.union(filter.environment));
  if (filter.sync?.length) sets.push(fleet.bySync.union(filter.sync));
  if (filter.health?.length) sets.push(fleet.byHealth.union(filter.health));
  if (filter.attention) sets.push(fleet.byAttention.get('attention'));
  const apps = sets.length
    ? [...intersect(sets)].map(key => fleet.apps.get(key)!)
    : [...fleet.apps.values()];
  return filterFleetApplications(
    apps.map(app => fleet.withOwner(app)),
    filter,
    agentsById,
  );
}
