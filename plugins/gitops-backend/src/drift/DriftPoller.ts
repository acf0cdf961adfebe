import { LoggerService } from '@backstage/backend-plugin-api';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { AuditStore } from '../audit/AuditStore';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { toAgentError } from '../aggregation/fanOut';

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
 * picks next compares against the same state.
 */
export class DriftPoller {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly store: AuditStore,
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
    for (const provider of this.registry.list()) {
      if (signal?.aborted) break;
      try {
        const counts = await this.pollAgent(provider, signal);
        result.agents += 1;
        result.applications += counts.applications;
        result.driftStarted += counts.started;
        result.driftEnded += counts.ended;
      } catch (error) {
        const agentError = toAgentError(provider.agent.id, error);
        result.failedAgents.push(provider.agent.id);
        this.logger.warn(`Drift poll skipped: ${agentError.message}`);
      }
    }
    return result;
  }

  private async pollAgent(provider: GitOpsProvider, signal?: AbortSignal) {
    const agentId = provider.agent.id;
    const timeout = AbortSignal.timeout(this.registry.timeoutMs(agentId));
    const apps = await provider.listApplications(
      { lean: true },
      { signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
    );
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
        const open = await this.store.openDrift(agentId, app.name, app.namespace);
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
