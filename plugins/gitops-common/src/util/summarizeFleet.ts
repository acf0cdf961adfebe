import { sortEnvironments } from '../environments/sortEnvironments';
import {
  AgentError,
  EnvironmentDefinition,
  FleetSummary,
  GitOpsAgentStatus,
  GitOpsApplication,
  HEALTH_STATUSES,
  HealthStatusCode,
  SYNC_STATUSES,
  SyncStatusCode,
} from '../types';

interface Counts {
  total: number;
  outOfSync: number;
  degraded: number;
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map(k => [k, 0])) as Record<K, number>;
}

/**
 * Whether an application drifts: out of sync, with no operation under way
 * that would bring it back.
 * @public
 */
export function isDrifting(
  app: Pick<GitOpsApplication, 'sync' | 'operation'>,
): boolean {
  const phase = app.operation?.phase;
  return (
    app.sync.status === 'OutOfSync' &&
    phase !== 'Running' &&
    phase !== 'Terminating'
  );
}

/**
 * Counts the fleet: by sync status, by health, by agent and by environment.
 * Every status has a count (zero included). `byAgent` lists the given
 * agents in their order, then other agents that hold applications or
 * reported errors, alphabetically. `byEnvironment` is in promotion order
 * when environment definitions are given (alphabetical otherwise).
 * `drifting` counts applications out of sync with no operation running.
 * @public
 */
export function summarizeFleet(
  apps: readonly GitOpsApplication[],
  agents: readonly GitOpsAgentStatus[],
  errors: readonly AgentError[],
  definitions: readonly EnvironmentDefinition[] = [],
): FleetSummary {
  const bySync = zeroes<SyncStatusCode>(SYNC_STATUSES);
  const byHealth = zeroes<HealthStatusCode>(HEALTH_STATUSES);
  const byAgent = new Map<string, Counts>();
  const byEnvironment = new Map<string, Counts>();
  let drifting = 0;

  for (const agent of agents) {
    byAgent.set(agent.agentId, { total: 0, outOfSync: 0, degraded: 0 });
  }
  const otherAgents = new Set<string>();
  const countsOf = (map: Map<string, Counts>, key: string): Counts => {
    let counts = map.get(key);
    if (!counts) {
      counts = { total: 0, outOfSync: 0, degraded: 0 };
      map.set(key, counts);
    }
    return counts;
  };

  for (const app of apps) {
    const sync = SYNC_STATUSES.includes(app.sync.status)
      ? app.sync.status
      : 'Unknown';
    const health = HEALTH_STATUSES.includes(app.health.status)
      ? app.health.status
      : 'Unknown';
    bySync[sync]++;
    byHealth[health]++;
    if (isDrifting(app)) {
      drifting++;
    }
    if (!byAgent.has(app.agentId)) {
      otherAgents.add(app.agentId);
    }
    for (const counts of [
      countsOf(byAgent, app.agentId),
      countsOf(byEnvironment, app.environment),
    ]) {
      counts.total++;
      if (sync === 'OutOfSync') {
        counts.outOfSync++;
      }
      if (health === 'Degraded') {
        counts.degraded++;
      }
    }
  }
  for (const error of errors) {
    if (!byAgent.has(error.agentId)) {
      otherAgents.add(error.agentId);
      countsOf(byAgent, error.agentId);
    }
  }

  const agentOrder = [
    ...agents.map(a => a.agentId),
    ...Array.from(otherAgents).sort((a, b) => a.localeCompare(b, 'en')),
  ];
  return {
    total: apps.length,
    bySync,
    byHealth,
    byAgent: Array.from(new Set(agentOrder)).map(agentId => ({
      agentId,
      ...byAgent.get(agentId)!,
    })),
    byEnvironment: sortEnvironments(
      Array.from(byEnvironment.keys()),
      definitions,
    ).map(environment => ({
      environment,
      ...byEnvironment.get(environment)!,
    })),
    drifting,
    agents: [...agents],
    errors: [...errors],
  };
}
