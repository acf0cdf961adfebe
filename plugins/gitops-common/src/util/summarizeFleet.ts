import { sortEnvironments } from '../environments/sortEnvironments';
import {
  AgentError,
  EnvironmentDefinition,
  FleetSummary,
  GitOpsAgentStatus,
  GitOpsApplication,
} from '../types';
import { FleetCounts } from './fleetCounts';

export { isDrifting } from './fleetCounts';

/**
 * The fleet summary of counts kept by {@link FleetCounts} (the backend's
 * fleet state adds its agents' counts): every status has a count (zero
 * included), and `total` is the sum of `bySync` and of `byHealth`.
 * `byAgent` lists the given agents in their order, then other agents that
 * hold applications or reported errors, alphabetically. `byEnvironment` is
 * in promotion order when environment definitions are given (alphabetical
 * otherwise). `drifting` counts applications out of sync with no operation
 * running.
 * @public
 */
export function summarizeFleetCounts(
  counts: FleetCounts,
  agents: readonly GitOpsAgentStatus[],
  errors: readonly AgentError[],
  definitions: readonly EnvironmentDefinition[] = [],
): FleetSummary {
  const known = new Set(agents.map(a => a.agentId));
  const others = new Set<string>();
  for (const agentId of [
    ...counts.byAgent.keys(),
    ...errors.map(e => e.agentId),
  ]) {
    if (!known.has(agentId)) others.add(agentId);
  }
  const agentOrder = [
    ...known,
    ...[...others].sort((a, b) => a.localeCompare(b, 'en')),
  ];
  return {
    total: counts.total,
    bySync: { ...counts.bySync },
    byHealth: { ...counts.byHealth },
    byAgent: agentOrder.map(agentId => ({
      agentId,
      total: 0,
      outOfSync: 0,
      degraded: 0,
      ...counts.byAgent.get(agentId),
    })),
    byEnvironment: sortEnvironments(
      [...counts.byEnvironment.keys()],
      definitions,
    ).map(environment => ({
      environment,
      ...counts.byEnvironment.get(environment)!,
    })),
    drifting: counts.drifting,
    agents: [...agents],
    errors: [...errors],
  };
}

/**
 * Counts the given applications (see {@link FleetCounts}) into the fleet
 * summary (see {@link summarizeFleetCounts}).
 * @public
 */
export function summarizeFleet(
  apps: readonly GitOpsApplication[],
  agents: readonly GitOpsAgentStatus[],
  errors: readonly AgentError[],
  definitions: readonly EnvironmentDefinition[] = [],
): FleetSummary {
  return summarizeFleetCounts(
    FleetCounts.of(apps),
    agents,
    errors,
    definitions,
  );
}
