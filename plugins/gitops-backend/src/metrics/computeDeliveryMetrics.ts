import {
  configuredEnvironmentName,
  DeliveryMetrics,
  DeliveryMetricsWindow,
  DeliveryTrendPoint,
  EnvironmentDefinition,
  OTHER_ENVIRONMENTS,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import {
  AppIdentity,
  DeliveryEvents,
  DeploymentEvent,
  SyncFailureEvent,
} from './types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after a deployment a Degraded health makes it a failed change. */
export const DEFAULT_FAILURE_WINDOW_MS = 60 * 60 * 1000;

/** Options of {@link computeDeliveryMetrics}. */
export interface ComputeDeliveryMetricsOptions {
  window: DeliveryMetricsWindow;
  /** `environment`: one entry per environment; `service`: per service and environment. */
  groupBy: 'environment' | 'service';
  environments: readonly EnvironmentDefinition[];
  /** Service instances to report even without any event in the window. */
  instances?: AppIdentity[];
  /**
   * When recording began for each application (ISO time by app key): where
   * the history a figure covers starts. Applications without an entry count
   * from their earliest event in `events`.
   */
  firstEventAt?: ReadonlyMap<string, string>;
  failureWindowMs?: number;
}

/**
 * The environment metrics report an application under: the configured
 * environment it names (by name or title), else {@link OTHER_ENVIRONMENTS};
 * as recorded when no environment is configured.
 */
export function metricsEnvironment(
  environment: string,
  environments: readonly EnvironmentDefinition[],
): string {
  if (!environments.length) return environment;
  return (
    configuredEnvironmentName(environment, environments) ?? OTHER_ENVIRONMENTS
  );
}

/** The window of `days` days that ends at `to`. */
export function metricsWindow(days: number, to: Date): DeliveryMetricsWindow {
  return {
    from: new Date(to.getTime() - days * DAY_MS).toISOString(),
    to: to.toISOString(),
    days,
  };
}

type Interval = { start: number; end?: number };

interface Group {
  environment: string;
  service?: string;
  appKeys: Set<string>;
  deployments: DeploymentEvent[];
  failures: SyncFailureEvent[];
  /** Incidents (merged per application) of the applications in the group. */
  incidents: Interval[];
  /** Deployments in the window that were failed changes. */
  failedDeployments: Set<DeploymentEvent>;
}

const ms = (iso: string) => Date.parse(iso);

function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Math.round(value);
}

const round = (value: number, digits: number) =>
  Math.round(value * 10 ** digits) / 10 ** digits;

function groupKey(
  groupBy: 'environment' | 'service',
  id: AppIdentity,
  environment: string,
) {
  return groupBy === 'service'
    ? `${id.service ?? id.application}\u0000${environment}`
    : environment;
}

/** Merges overlapping intervals; an open interval swallows all after it. */
function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const next of sorted) {
    const last = merged[merged.length - 1];
    if (last && (last.end === undefined || next.start <= last.end)) {
      if (last.end !== undefined) {
        last.end =
          next.end === undefined ? undefined : Math.max(last.end, next.end);
      }
    } else {
      merged.push({ ...next });
    }
  }
  return merged;
}

function byApplication<T extends { appKey: string }>(items: T[]) {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.appKey) ?? [];
    list.push(item);
    map.set(item.appKey, list);
  }
  return map;
}

/**
 * Computes deployment frequency, lead time, change failure rate and time to
 * restore from recorded events; see the backend README ("Delivery metrics")
 * for the definitions. Pure: the same events give the same numbers.
 */
export function computeDeliveryMetrics(
  events: DeliveryEvents,
  options: ComputeDeliveryMetricsOptions,
): DeliveryMetrics[] {
  const { window, groupBy } = options;
  const failureWindow = options.failureWindowMs ?? DEFAULT_FAILURE_WINDOW_MS;
  const from = ms(window.from);
  const to = ms(window.to);
  const inWindow = (t: number) => t >= from && t <= to;

  const groups = new Map<string, Group>();
  const groupOf = (id: AppIdentity): Group => {
    const environment = metricsEnvironment(
      id.environment,
      options.environments,
    );
    const key = groupKey(groupBy, id, environment);
    let group = groups.get(key);
    if (!group) {
      group = {
        environment,
        ...(groupBy === 'service' && { service: id.service ?? id.application }),
        appKeys: new Set(),
        deployments: [],
        failures: [],
        incidents: [],
        failedDeployments: new Set(),
      };
      groups.set(key, group);
    }
    group.appKeys.add(id.appKey);
    return group;
  };
  for (const instance of options.instances ?? []) groupOf(instance);

  const deploymentsByApp = byApplication(events.deployments);
  const unhealthyByApp = byApplication(events.unhealthy);
  const rollbacksByApp = byApplication(events.rollbacks);
  const identities = new Map<string, AppIdentity>();
  for (const item of [...events.deployments, ...events.unhealthy]) {
    identities.set(item.appKey, item);
  }

  for (const [appKey, identity] of identities) {
    const group = groupOf(identity);
    const deployments = (deploymentsByApp.get(appKey) ?? []).sort(
      (a, b) => a.historyId - b.historyId,
    );
    const unhealthy = unhealthyByApp.get(appKey) ?? [];
    const rollbackTimes = (rollbacksByApp.get(appKey) ?? []).map(r => ms(r.at));
    const intervals: Interval[] = unhealthy.map(p => ({
      start: ms(p.startedAt),
      ...(p.endedAt && { end: ms(p.endedAt) }),
    }));

    deployments.forEach((deployment, i) => {
      const next = deployments[i + 1];
      const at = ms(deployment.deployedAt);
      const until = Math.min(
        at + failureWindow,
        next ? ms(next.deployedAt) : Infinity,
      );
      if (next?.rollback) {
        intervals.push({ start: at, end: ms(next.deployedAt) });
      }
      if (!deployment.revisionChanged || !inWindow(at)) return;
      group.deployments.push(deployment);
      // a rollback undoes the deployment before it, however late it comes
      const nextAt = next ? ms(next.deployedAt) : Infinity;
      const rolledBack =
        next?.rollback || rollbackTimes.some(t => t > at && t <= nextAt);
      const degraded = unhealthy.some(p => {
        const start = ms(p.startedAt);
        return p.health === 'Degraded' && start >= at && start < until;
      });
      if (rolledBack || degraded) group.failedDeployments.add(deployment);
    });
    group.incidents.push(...mergeIntervals(intervals));
  }

  for (const failure of events.failures) {
    if (inWindow(ms(failure.finishedAt)))
      groupOf(failure).failures.push(failure);
  }

  const firstEventAt = new Map(options.firstEventAt);
  for (const event of [
    ...events.deployments.map(d => ({ appKey: d.appKey, at: d.deployedAt })),
    ...events.failures.map(f => ({ appKey: f.appKey, at: f.startedAt })),
    ...events.unhealthy.map(u => ({ appKey: u.appKey, at: u.startedAt })),
  ]) {
    const known = firstEventAt.get(event.appKey);
    if (!known || ms(event.at) < ms(known)) {
      firstEventAt.set(event.appKey, event.at);
    }
  }
  const results = [...groups.values()].map(group =>
    summarize(group, window, historyStart(group, firstEventAt, from)),
  );
  const order = sortEnvironments(
    results.map(r => r.environment),
    options.environments,
  );
  return results.sort(
    (a, b) =>
      (a.service ?? '').localeCompare(b.service ?? '', 'en') ||
      order.indexOf(a.environment) - order.indexOf(b.environment),
  );
}

/** Where a group's recorded history begins inside the window, if anywhere. */
function historyStart(
  group: Group,
  firstEventAt: ReadonlyMap<string, string>,
  from: number,
): number | undefined {
  let first: number | undefined;
  for (const appKey of group.appKeys) {
    const at = firstEventAt.get(appKey);
    if (at !== undefined && (first === undefined || ms(at) < first)) {
      first = ms(at);
    }
  }
  return first === undefined ? undefined : Math.max(first, from);
}

function leadTimes(deployments: DeploymentEvent[]): number[] {
  return deployments
    .filter(d => !d.rollback && d.commitDate)
    .map(d => Math.max(0, (ms(d.deployedAt) - ms(d.commitDate!)) / 1000));
}

function summarize(
  group: Group,
  window: DeliveryMetricsWindow,
  historyFrom: number | undefined,
): DeliveryMetrics {
  const from = ms(window.from);
  const to = ms(window.to);
  const historyDays =
    historyFrom === undefined || historyFrom > to
      ? 0
      : round((to - historyFrom) / DAY_MS, 1);
  const deployments = group.deployments;
  const failedChanges = group.failures.length + group.failedDeployments.size;
  const changes = deployments.length + group.failures.length;
  const lead = leadTimes(deployments);
  const restores = group.incidents
    .filter(i => i.end !== undefined && i.end >= from && i.end <= to)
    .map(i => (i.end! - i.start) / 1000);
  const ongoing = group.incidents.filter(
    i => i.end === undefined && i.start <= to,
  ).length;
  const last = deployments.reduce<string | undefined>(
    (latest, d) => (!latest || d.deployedAt > latest ? d.deployedAt : latest),
    undefined,
  );
  const metrics: DeliveryMetrics = {
    environment: group.environment,
    ...(group.service !== undefined && { service: group.service }),
    deployments: deployments.length,
    deploymentsPerDay: round(
      deployments.length / Math.max(1, Math.min(historyDays, window.days)),
      2,
    ),
    history: {
      ...(historyFrom !== undefined &&
        historyDays > 0 && { from: new Date(historyFrom).toISOString() }),
      days: historyDays,
    },
    leadTime: { medianSeconds: median(lead), samples: lead.length },
    changes,
    failedChanges,
    ...(changes > 0 && {
      changeFailureRate: round(failedChanges / changes, 4),
    }),
    timeToRestore: {
      medianSeconds: median(restores),
      samples: restores.length,
      ongoing,
    },
    ...(last && { lastDeployedAt: last }),
    trend: trend(group, window, from, to),
  };
  if (metrics.leadTime.medianSeconds === undefined)
    delete metrics.leadTime.medianSeconds;
  if (metrics.timeToRestore.medianSeconds === undefined) {
    delete metrics.timeToRestore.medianSeconds;
  }
  return metrics;
}

function trend(
  group: Group,
  window: DeliveryMetricsWindow,
  from: number,
  to: number,
): DeliveryTrendPoint[] {
  const bucketMs = (window.days <= 14 ? 1 : 7) * DAY_MS;
  const points: DeliveryTrendPoint[] = [];
  for (let start = from; start < to; start += bucketMs) {
    const end = Math.min(start + bucketMs, to);
    const last = end === to;
    const inBucket = (t: number) => t >= start && (last ? t <= end : t < end);
    const deployments = group.deployments.filter(d =>
      inBucket(ms(d.deployedAt)),
    );
    const failed =
      deployments.filter(d => group.failedDeployments.has(d)).length +
      group.failures.filter(f => inBucket(ms(f.finishedAt))).length;
    const point: DeliveryTrendPoint = {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      deployments: deployments.length,
      failedChanges: failed,
    };
    const lead = median(leadTimes(deployments));
    if (lead !== undefined) point.leadTimeMedianSeconds = lead;
    points.push(point);
  }
  return points;
}
