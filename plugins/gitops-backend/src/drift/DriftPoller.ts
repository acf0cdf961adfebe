import { LoggerService } from '@backstage/backend-plugin-api';
import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { DriftEventStore } from '../audit/DriftEventStore';
import { FleetStateStore } from '../audit/FleetStateStore';
import { ApplicationAggregator } from '../aggregation/ApplicationAggregator';

export interface DriftPollResult {
  agents: number;
  applications: number;
  driftStarted: number;
  driftEnded: number;
  failedAgents: string[];
}

/**
 * Snapshots fleet state and records drift: an application that turns
 * OutOfSync opens a drift event, one that returns to Synced closes it. The
 * last snapshot lives in the database, so whichever replica the scheduler
 * picks next compares against the same state. It reads the in-memory fleet
 * state (no agent call); an agent whose feed is down is skipped.
 */
export class DriftPoller {
  constructor(
    private readonly aggregator: ApplicationAggregator,
    private readonly store: DriftEventStore & FleetStateStore,
    private readonly logger: LoggerService,
  ) {}

  async pollOnce(signal?: AbortSignal): Promise<DriftPollResult> {
    const result: DriftPollResult = {
      agents: 0,
      applications: 0,
      driftStarted: 0,
      driftEnded: 0,
      failedAgents: [],
    };
    const fleet = await this.aggregator.fleetApplications();
    const failed = new Map(fleet.errors.map(e => [e.agentId, e]));
    const byAgent = new Map<string, GitOpsApplication[]>();
    for (const agentId of fleet.freshness.map(f => f.agentId)) {
      if (!failed.has(agentId)) byAgent.set(agentId, []);
    }
    for (const app of fleet.items) byAgent.get(app.agentId)?.push(app);
    for (const error of failed.values()) {
      result.failedAgents.push(error.agentId);
      this.logger.warn(`Drift poll skipped: ${error.message}`);
    }
    for (const [agentId, apps] of byAgent) {
      if (signal?.aborted) break;
      try {
        const counts = await this.pollAgent(agentId, apps);
        result.agents += 1;
        result.applications += counts.applications;
        result.driftStarted += counts.started;
        result.driftEnded += counts.ended;
      } catch (error) {
        result.failedAgents.push(agentId);
        this.logger.warn(`Drift poll of ${agentId} not recorded: ${error}`);
      }
    }
    return result;
  }

  private async pollAgent(agentId: string, apps: GitOpsApplication[]) {
    const previous = new Map(
      (await this.store.getFleetState(agentId)).map(row => [row.appKey, row]),
    );
    const now = new Date().toISOString();
    let started = 0;
    let ended = 0;
    for (const app of apps) {
      const before = previous.get(app.key);
      const wasDrifting = before?.syncStatus === 'OutOfSync';
      const drifting = app.sync.status === 'OutOfSync';
      if (drifting && !wasDrifting) {
        const open = await this.store.openDrift(
          agentId,
          app.name,
          app.namespace,
        );
        if (!open) {
          await this.store.recordDriftStart({
            agentId,
            application: app.name,
            appNamespace: app.namespace,
            environment: app.environment,
            syncStatus: app.sync.status,
            health: app.health.status,
            revision: app.sync.revision,
            startedAt: now,
          });
          started += 1;
        }
      } else if (!drifting && wasDrifting) {
        const closed = await this.store.recordDriftEnd(
          agentId,
          app.name,
          now,
          app.namespace,
        );
        if (closed) ended += 1;
      }
    }
    await this.store.putFleetState(
      agentId,
      apps.map(app => ({
        appKey: app.key,
        application: app.name,
        appNamespace: app.namespace,
        syncStatus: app.sync.status,
        health: app.health.status,
        revision: app.sync.revision,
        observedAt: now,
      })),
    );
    return { applications: apps.length, started, ended };
  }
}
