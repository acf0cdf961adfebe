import {
  FleetApplicationFilter,
  filterFleetApplications,
  AgentsById,
  entityQueryTerms,
  GitOpsApplication,
  GitOpsEntityQuery,
  QueryableApplication,
} from '@gitops-suite/plugin-gitops-common';
import { AgentFleet } from './AgentFleet';
import { intersect } from './KeyIndex';

/**
 * The keys an entity query may select on one agent, from the index of
 * common's query terms: O(the entity's applications), not O(the agent's).
 * Undefined means every application is a candidate (a query that selects
 * nothing, or a selector with only negative requirements).
 */
function candidateKeys(
  fleet: AgentFleet,
  query: GitOpsEntityQuery,
): Set<string> | undefined {
  const terms = entityQueryTerms(query);
  if (!terms) return undefined;
  const keys = fleet.byQueryTerm.union(terms.any);
  if (query.applicationSets?.length) {
    for (const key of fleet.generatedKeys(query.applicationSets)) keys.add(key);
  }
  if (terms.selector.length) {
    const selected = intersect(
      terms.selector.map(group => fleet.byQueryTerm.union(group)),
    );
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
  const keys = candidateKeys(fleet, query) ?? fleet.apps.keys();
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
  const ordered = fleet.inKeyOrder();
  const apps = sets.length
    ? selectedInOrder(intersect(sets), ordered)
    : [...ordered.values()];
  return filterFleetApplications(
    apps.map(app => fleet.withOwner(app)),
    filter,
    agentsById,
  );
}

/**
 * The applications of `selected` in the agent's key order: sorted on
 * their own when they are few, else picked from the order kept (no sort).
 */
function selectedInOrder(
  selected: ReadonlySet<string>,
  ordered: ReadonlyMap<string, GitOpsApplication>,
): GitOpsApplication[] {
  if (selected.size * 16 < ordered.size) {
    return [...selected].sort().map(key => ordered.get(key)!);
  }
  const apps: GitOpsApplication[] = [];
  for (const [key, app] of ordered) if (selected.has(key)) apps.push(app);
  return apps;
}
