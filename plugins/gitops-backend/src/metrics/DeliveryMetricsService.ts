import {
  applicationKey,
  DeliveryMetrics,
  DeliveryMetricsWindow,
  EnvironmentDefinition,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { DriftEventStore } from '../audit/DriftEventStore';
import { OperationStore } from '../audit/OperationStore';
import { DriftRecord } from '../audit/types';
import { RecordingFreshness } from '../recorder/FleetRecorder';
import {
  computeDeliveryMetrics,
  DEFAULT_FAILURE_WINDOW_MS,
  metricsWindow,
} from './computeDeliveryMetrics';
import { DeliveryEventStore } from './DeliveryEventStore';
import { appIdentity } from './extractDeliveryEvents';
import { AppIdentity, RollbackMark, UnhealthyPeriod } from './types';

/** How far before a window events are read, so that rollbacks see what they rolled back. */
const LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
const AUDIT_LIMIT = 500;

/** Delivery metrics over recorded events, for an entity's applications or the fleet. */
export class DeliveryMetricsService {
  constructor(
    readonly store: DeliveryEventStore,
    /**
     * How far the recorder is with the given applications, without
     * waiting (`prioritize`: an entity's page, its histories read first).
     */
    readonly recording: (
      apps: GitOpsApplication[],
      options?: { prioritize?: boolean },
    ) => RecordingFreshness,
    private readonly audit: OperationStore & DriftEventStore,
    private readonly environments: EnvironmentDefinition[],
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Metrics of the given applications over the last `days` days, per
   * environment (`entity`) or per service and environment (`fleet`). The
   * fleet also counts applications that are gone from the agents, unless
   * `filtered` says `apps` were narrowed by a fleet filter.
   */
  async metrics(
    apps: GitOpsApplication[],
    days: number,
    scope: 'entity' | 'fleet',
    options: { filtered?: boolean } = {},
  ): Promise<{
    window: DeliveryMetricsWindow;
    items: DeliveryMetrics[];
    environments: DeliveryMetrics[];
  }> {
    const window = metricsWindow(days, this.clock());
    const since = new Date(Date.parse(window.from) - LOOKBACK_MS).toISOString();
    const identities = new Map(apps.map(app => [app.key, appIdentity(app)]));
    const appKeys = scope === 'entity' ? [...identities.keys()] : undefined;
    const [recorded, rollbacks, drift, firstEventAt] = await Promise.all([
      this.store.listEvents({ appKeys, since }),
      this.portalRollbacks(apps, scope, since),
      this.unhealthyDrift(apps, scope, since),
      this.store.firstEventTimes(appKeys),
    ]);
    // an application's events count under what it is now (its environment
    // or service may have been relabelled since they were recorded)
    const current = <T extends AppIdentity>(event: T): T[] => {
      const identity = identities.get(event.appKey);
      if (identity) return [{ ...event, ...identity }];
      return scope === 'entity' || options.filtered ? [] : [event];
    };
    const events = {
      deployments: recorded.deployments.flatMap(current),
      failures: recorded.failures.flatMap(current),
      // drift that began Degraded or Missing is an incident too
      unhealthy: [
        ...recorded.unhealthy.flatMap(current),
        ...drift.flatMap(record => toUnhealthy(record, identities)),
      ],
      rollbacks,
    };
    const instances = [...identities.values()];
    const common = {
      window,
      environments: this.environments,
      instances,
      firstEventAt,
      failureWindowMs: DEFAULT_FAILURE_WINDOW_MS,
    };
    const environments = computeDeliveryMetrics(events, {
      ...common,
      groupBy: 'environment',
    });
    const items =
      scope === 'fleet'
        ? computeDeliveryMetrics(events, { ...common, groupBy: 'service' })
        : [];
    return { window, items, environments };
  }

  private async portalRollbacks(
    apps: GitOpsApplication[],
    scope: 'entity' | 'fleet',
    since: string,
  ): Promise<RollbackMark[]> {
    const operations =
      scope === 'fleet'
        ? await this.audit.listOperations({ limit: AUDIT_LIMIT })
        : (
            await Promise.all(
              apps.map(app =>
                this.audit.listOperations({
                  agentId: app.agentId,
                  application: app.name,
                  ...(app.namespace && { appNamespace: app.namespace }),
                  limit: 100,
                }),
              ),
            )
          ).flat();
    return operations
      .filter(
        op =>
          op.action === 'rollback' &&
          op.outcome === 'succeeded' &&
          op.application &&
          (op.finishedAt ?? op.startedAt) >= since &&
          op.parameters.dryRun !== true,
      )
      .map(op => ({
        appKey: applicationKey(op.agentId, op.appNamespace, op.application!),
        at: op.finishedAt ?? op.startedAt,
      }));
  }

  private async unhealthyDrift(
    apps: GitOpsApplication[],
    scope: 'entity' | 'fleet',
    since: string,
  ): Promise<DriftRecord[]> {
    const records =
      scope === 'fleet'
        ? await this.audit.listDriftEvents({ since, limit: AUDIT_LIMIT })
        : (
            await Promise.all(
              apps.map(app =>
                this.audit.listDriftEvents({
                  agentId: app.agentId,
                  application: app.name,
                  ...(app.namespace && { appNamespace: app.namespace }),
                  since,
                  limit: 100,
                }),
              ),
            )
          ).flat();
    return records.filter(
      r => r.health === 'Degraded' || r.health === 'Missing',
    );
  }
}

function toUnhealthy(
  record: DriftRecord,
  identities: Map<string, AppIdentity>,
): UnhealthyPeriod[] {
  const key = applicationKey(
    record.agentId,
    record.appNamespace,
    record.application,
  );
  const identity = identities.get(key);
  if (!identity) return [];
  return [
    {
      ...identity,
      health: record.health as UnhealthyPeriod['health'],
      startedAt: record.startedAt,
      ...(record.endedAt && { endedAt: record.endedAt }),
    },
  ];
}
