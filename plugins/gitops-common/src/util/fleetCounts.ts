import {
  GitOpsApplication,
  HEALTH_STATUSES,
  HealthStatusCode,
  SYNC_STATUSES,
  SyncStatusCode,
} from '../types';

/**
 * The sync status an application counts under: its own when the model
 * knows it, else `Unknown` (an agent, a snapshot or a third-party provider
 * may report statuses outside the model). The fleet summary, its filters
 * and the fleet state's counters all fold statuses by this rule.
 * @public
 */
export function countedSyncStatus(status: string | undefined): SyncStatusCode {
  return SYNC_STATUSES.includes(status as SyncStatusCode)
    ? (status as SyncStatusCode)
    : 'Unknown';
}

/**
 * The health an application counts under (see {@link countedSyncStatus}).
 * @public
 */
export function countedHealthStatus(
  status: string | undefined,
): HealthStatusCode {
  return HEALTH_STATUSES.includes(status as HealthStatusCode)
    ? (status as HealthStatusCode)
    : 'Unknown';
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
    countedSyncStatus(app.sync.status) === 'OutOfSync' &&
    phase !== 'Running' &&
    phase !== 'Terminating'
  );
}

/**
 * The counts of a part of the fleet (an agent, an environment).
 * @public
 */
export interface PartCounts {
  total: number;
  outOfSync: number;
  degraded: number;
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map(k => [k, 0])) as Record<K, number>;
}

function addTo(
  map: Map<string, PartCounts>,
  key: string,
  counts: PartCounts,
  sign: 1 | -1,
): void {
  const sum = map.get(key) ?? { total: 0, outOfSync: 0, degraded: 0 };
  sum.total += sign * counts.total;
  sum.outOfSync += sign * counts.outOfSync;
  sum.degraded += sign * counts.degraded;
  if (sum.total === 0 && sum.outOfSync === 0 && sum.degraded === 0) {
    map.delete(key);
  } else {
    map.set(key, sum);
  }
}

/**
 * The one rule for counting applications: by sync status and by health
 * (folded by {@link countedSyncStatus} and {@link countedHealthStatus}, so
 * every application counts under exactly one of each and `total` is the
 * sum of `bySync` and of `byHealth`), by agent, by environment, and
 * drifting. Kept incrementally (`count(app, 1)` when an application comes,
 * `count(app, -1)` with its last state when it goes or changes) by the
 * backend's fleet state, and in one pass by `summarizeFleet()`.
 * @public
 */
export class FleetCounts {
  total = 0;
  drifting = 0;
  readonly bySync: Record<SyncStatusCode, number> = zeroes(SYNC_STATUSES);
  readonly byHealth: Record<HealthStatusCode, number> = zeroes(HEALTH_STATUSES);
  /** Agents holding applications (an agent whose count falls to zero goes). */
  readonly byAgent = new Map<string, PartCounts>();
  /** Environments holding applications. */
  readonly byEnvironment = new Map<string, PartCounts>();

  /** Counts many applications in one pass. */
  static of(apps: Iterable<GitOpsApplication>): FleetCounts {
    const counts = new FleetCounts();
    for (const app of apps) counts.count(app);
    return counts;
  }

  /** Adds (1) or takes away (-1) one application in the given state. */
  count(
    app: Pick<
      GitOpsApplication,
      'agentId' | 'environment' | 'sync' | 'health' | 'operation'
    >,
    sign: 1 | -1 = 1,
  ): void {
    const sync = countedSyncStatus(app.sync.status);
    const health = countedHealthStatus(app.health.status);
    this.total += sign;
    this.bySync[sync] += sign;
    this.byHealth[health] += sign;
    if (isDrifting(app)) this.drifting += sign;
    const part: PartCounts = {
      total: 1,
      outOfSync: sync === 'OutOfSync' ? 1 : 0,
      degraded: health === 'Degraded' ? 1 : 0,
    };
    addTo(this.byAgent, app.agentId, part, sign);
    addTo(this.byEnvironment, app.environment, part, sign);
  }

  /** Adds another count (an agent's into the fleet's). */
  add(other: FleetCounts): this {
    this.total += other.total;
    this.drifting += other.drifting;
    for (const sync of SYNC_STATUSES) this.bySync[sync] += other.bySync[sync];
    for (const health of HEALTH_STATUSES) {
      this.byHealth[health] += other.byHealth[health];
    }
    for (const [agent, part] of other.byAgent) {
      addTo(this.byAgent, agent, part, 1);
    }
    for (const [env, part] of other.byEnvironment) {
      addTo(this.byEnvironment, env, part, 1);
    }
    return this;
  }
}
