import {
  AgentError,
  EnvironmentDefinition,
  FleetSummary,
  GitOpsAgentStatus,
  HEALTH_STATUSES,
  HealthStatusCode,
  SYNC_STATUSES,
  SyncStatusCode,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import { AgentFleet } from './AgentFleet';

/**
 * The fleet summary of whole agents from the counters their states keep:
 * O(agents x environments), whatever the number of applications. Agents
 * are listed in the given order; the shape is `summarizeFleet()`'s.
 */
export function summarizeFleetState(
  fleets: AgentFleet[],
  statuses: GitOpsAgentStatus[],
  errors: AgentError[],
  definitions: EnvironmentDefinition[],
): FleetSummary {
  const bySync = Object.fromEntries(SYNC_STATUSES.map(s => [s, 0])) as Record<
    SyncStatusCode,
    number
  >;
  const byHealth = Object.fromEntries(
    HEALTH_STATUSES.map(h => [h, 0]),
  ) as Record<HealthStatusCode, number>;
  const byEnvironment = new Map<
    string,
    { total: number; outOfSync: number; degraded: number }
  >();
  let total = 0;
  let drifting = 0;
  for (const fleet of fleets) {
    total += fleet.apps.size;
    drifting += fleet.drifting;
    for (const status of SYNC_STATUSES)
      bySync[status] += fleet.bySync.count(status);
    for (const health of HEALTH_STATUSES)
      byHealth[health] += fleet.byHealth.count(health);
    for (const [env, counts] of fleet.environmentCounts) {
      const sum = byEnvironment.get(env) ?? {
        total: 0,
        outOfSync: 0,
        degraded: 0,
      };
      sum.total += counts.total;
      sum.outOfSync += counts.outOfSync;
      sum.degraded += counts.degraded;
      byEnvironment.set(env, sum);
    }
  }
  const agentIds = [
    ...new Set([
      ...statuses.map(s => s.agentId),
      ...fleets.map(f => f.agentId),
      ...errors.map(e => e.agentId),
    ]),
  ];
  const fleetOf = new Map(fleets.map(f => [f.agentId, f]));
  return {
    total,
    bySync,
    byHealth,
    byAgent: agentIds.map(agentId => {
      const fleet = fleetOf.get(agentId);
      return {
        agentId,
        total: fleet?.apps.size ?? 0,
        outOfSync: fleet?.outOfSync ?? 0,
        degraded: fleet?.degraded ?? 0,
      };
    }),
    byEnvironment: sortEnvironments([...byEnvironment.keys()], definitions).map(
      environment => ({ environment, ...byEnvironment.get(environment)! }),
    ),
    drifting,
    agents: statuses,
    errors,
  };
}
