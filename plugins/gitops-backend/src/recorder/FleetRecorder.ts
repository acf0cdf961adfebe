import { LoggerService } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  GitOpsApplication,
  isUnhealthy,
  operationFailed,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { DriftEventStore } from '../audit/DriftEventStore';
import { OperationStore } from '../audit/OperationStore';
import { FleetChange } from '../fleet/types';
import { DeliveryEventStore } from '../metrics/DeliveryEventStore';
import { appIdentity, syncFailure } from '../metrics/extractDeliveryEvents';
import { HistoryReadQueue } from './HistoryReadQueue';
import { recordHistory } from './recordHistory';
import type { AgentReadSlots } from '../fleet/AgentReadSlots';

/** What a change of an application is judged against. */
interface Seen {
  drifting: boolean;
  health: string;
  /** The last operation, when it ended (phase, start, end). */
  ended?: string;
}

/** The part of the fleet state the recorder follows. */
export interface RecordedState {
  subscribe(listener: (change: FleetChange) => void, name?: string): () => void;
  loaded(agentId: string): { apps: Map<string, GitOpsApplication> } | undefined;
}

/**
 * How far the recorder is with some applications, read without waiting:
 * what a delivery read answers beside what it found recorded.
 */
export interface RecordingFreshness {
  /**
   * Every change the fleet state gave for the applications' agents before
   * this time (ISO 8601) is recorded; absent while one of those agents has
   * had nothing recorded yet (its state not loaded, or its first load still
   * being reconciled).
   */
  recordedThrough?: string;
  /** How many of the applications have a history read queued or running. */
  pending: number;
}

/** Options of {@link FleetRecorder}. */
export interface FleetRecorderOptions {
  state: RecordedState;
  agentIds: string[];
  drift: DriftEventStore;
  deliveries: DeliveryEventStore;
  /** Where deployments made outside the portal are audited. */
  operations: Pick<OperationStore, 'recordAgentOperations'>;
  provider: (agentId: string) => GitOpsProvider | undefined;
  logger: LoggerService;
  /** Per full read or metadata call (default 10 s). */
  timeoutMs?: number;
  /** Full reads in flight at once, over all agents (default 4). */
  concurrency?: number;
  /** The agents' read slots, shared with the lean details reader. */
  readSlots?: AgentReadSlots;
  /** Of those, catch-up reads of what ended unwatched (default 1). */
  backgroundConcurrency?: number;
  clock?: () => Date;
}

const locator = (agentId: string, name: string, namespace?: string) =>
  `${agentId}\u0000${namespace ?? ''}\u0000${name}`;

function observe(app: GitOpsApplication): Seen {
  const op = app.operation;
  const ended =
    op?.startedAt && !op.dryRun && op.phase !== 'Running'
      ? `${op.phase}|${op.startedAt}|${op.finishedAt ?? ''}`
      : undefined;
  return {
    drifting: app.sync.status === 'OutOfSync',
    health: app.health.status,
    ...(ended && { ended }),
  };
}

/**
 * Records what the fleet did by itself as the fleet state says it happens:
 * drift (OutOfSync opens a drift event, leaving it closes it), unhealthy
 * periods (Degraded or Missing opens one, Healthy closes it), failed syncs,
 * and deployments (an ended operation reads its application in full, once,
 * for the history the lean state does not hold; {@link HistoryReadQueue}). Every replica records the
 * same changes; the stores keep one row per transition (unique keys,
 * inserts that ignore conflicts, closes of what is still open).
 *
 * When an agent's state is (re)loaded from the agent, the recorder
 * reconciles the database with it: drift and unhealthy periods opened or
 * closed where they differ, operations that ended while nobody watched
 * queued for a background read of their history; rows that agree are left
 * alone.
 */
export class FleetRecorder {
  private readonly seen = new Map<string, Seen>();
  /** Per agent, the recording in progress (changes are recorded in order). */
  private readonly chains = new Map<string, Promise<void>>();
  /** Per agent, when each change not recorded yet arrived, oldest first. */
  private readonly arrivals = new Map<string, Date[]>();
  /** The agents of which at least one change is recorded. */
  private readonly recordedAgents = new Set<string>();
  private readonly histories: HistoryReadQueue<GitOpsApplication>;
  private unsubscribe?: () => void;
  private readonly clock: () => Date;

  constructor(private readonly options: FleetRecorderOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.histories = new HistoryReadQueue({
      read: (agentId, app) => this.readOnce(agentId, app),
      concurrency: options.concurrency,
      backgroundConcurrency: options.backgroundConcurrency,
    });
  }

  /** Follows the fleet state; reconciles the agents it holds already. */
  start(): void {
    this.unsubscribe = this.options.state.subscribe(
      this.onChange,
      'the recorder',
    );
    for (const agentId of this.options.agentIds) {
      const fleet = this.options.state.loaded(agentId);
      if (fleet) {
        const apps = [...fleet.apps.values()];
        this.enqueue(agentId, () => this.reconcile(agentId, apps));
      }
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.settled(30_000);
    await this.histories.stop();
  }

  /**
   * Resolves once what the recorder was given so far is recorded, or after
   * `timeoutMs`: at shutdown, and for a test that needs a state recorded
   * (reads never wait; they say how far the recording is, {@link
   * FleetRecorder.freshness}). With `appKeys` that includes the histories
   * of those applications still waiting for their catch-up read, which are
   * read first; without, the catch-up of the whole fleet goes on in the
   * background.
   */
  async settled(
    timeoutMs: number = 10_000,
    appKeys?: Iterable<string>,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const keys = appKeys ? [...appKeys] : undefined;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const chains = [...this.chains.values()];
      // the changes first: the reads they ask for are queued by then
      const wait = chains.length
        ? Promise.allSettled(chains)
        : this.histories.settled(keys);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        wait,
        new Promise(resolve => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
      if (!chains.length && !this.chains.size) return;
    }
  }

  /**
   * How far the recording of `apps` is, now: the time up to which every
   * change of their agents (of every agent followed, for none) is recorded,
   * and how many of them still wait for their history read. With
   * `prioritize` (an entity's page), those reads go before the background
   * catch-up of the rest of the fleet. Never waits.
   */
  freshness(
    apps: ReadonlyArray<{ agentId: string; key: string }>,
    options: { prioritize?: boolean } = {},
  ): RecordingFreshness {
    const agentIds = new Set(apps.map(app => app.agentId));
    const pending = this.histories.pending(
      new Set(apps.map(app => app.key)),
      options,
    );
    let through = this.clock().getTime();
    for (const agentId of agentIds.size ? agentIds : this.options.agentIds) {
      if (!this.recordedAgents.has(agentId)) return { pending };
      const oldest = this.arrivals.get(agentId)?.[0];
      if (oldest) through = Math.min(through, oldest.getTime());
    }
    return { recordedThrough: new Date(through).toISOString(), pending };
  }

  readonly onChange = (change: FleetChange): void => {
    const { agentId } = change;
    // another replica's saved state is not news of the agent; the feed's
    // own load follows and is reconciled
    if (change.restored || change.feed === 'stale') return;
    if (change.feed === 'fresh') {
      const fleet = this.options.state.loaded(agentId);
      const apps = fleet ? [...fleet.apps.values()] : [];
      this.enqueue(agentId, () => this.reconcile(agentId, apps));
      return;
    }
    const { applications, removed } = change;
    this.enqueue(agentId, () => this.record(agentId, applications, removed));
  };

  private enqueue(agentId: string, work: () => Promise<void>) {
    const arrivals = this.arrivals.get(agentId) ?? [];
    this.arrivals.set(agentId, arrivals);
    arrivals.push(this.clock());
    const next = (this.chains.get(agentId) ?? Promise.resolve())
      .then(work)
      .catch(error =>
        this.options.logger.warn(
          `Recording the fleet state of agent ${agentId} failed: ${error}`,
        ),
      )
      .finally(() => {
        // recorded, or given up on until the next change or reload
        arrivals.shift();
        this.recordedAgents.add(agentId);
        if (this.chains.get(agentId) === next) this.chains.delete(agentId);
      });
    this.chains.set(agentId, next);
  }

  /** Records the transitions of changed and removed applications. */
  private async record(
    agentId: string,
    apps: GitOpsApplication[],
    removed: GitOpsApplication[],
  ) {
    const now = this.clock().toISOString();
    for (const app of apps) {
      const before = this.seen.get(app.key);
      const after = observe(app);
      this.seen.set(app.key, after);
      if (after.drifting !== (before?.drifting ?? false)) {
        if (after.drifting) await this.openDrift(app, now);
        else await this.closeDrift(agentId, app.name, app.namespace, now);
      }
      if (after.health !== (before?.health ?? 'Healthy')) {
        await this.options.deliveries.observeHealth(
          appIdentity(app),
          after.health,
          now,
        );
      }
      if (after.ended && after.ended !== before?.ended) {
        await this.operationEnded(agentId, app, false);
      }
    }
    for (const app of removed) {
      const before = this.seen.get(app.key);
      this.seen.delete(app.key);
      if (before?.drifting) {
        await this.closeDrift(agentId, app.name, app.namespace, now);
      }
    }
  }

  /**
   * Makes the database agree with the agent's whole state, writing only
   * where it differs.
   */
  private async reconcile(agentId: string, apps: GitOpsApplication[]) {
    const { drift, deliveries } = this.options;
    const now = this.clock().toISOString();
    const [openDrifts, openUnhealthy] = await Promise.all([
      drift.listOpenDrifts(agentId),
      deliveries.listOpenUnhealthy(agentId),
    ]);
    const drifting = new Set(
      openDrifts.map(d => locator(d.agentId, d.application, d.appNamespace)),
    );
    const unhealthy = new Set(openUnhealthy.map(p => p.appKey));
    const present = new Set<string>();
    for (const key of this.seen.keys()) {
      if (key.startsWith(`${agentId}:`)) this.seen.delete(key);
    }
    for (const app of apps) {
      const seen = observe(app);
      this.seen.set(app.key, seen);
      const at = locator(agentId, app.name, app.namespace);
      present.add(at);
      if (seen.drifting && !drifting.has(at)) await this.openDrift(app, now);
      if (!seen.drifting && drifting.has(at)) {
        await this.closeDrift(agentId, app.name, app.namespace, now);
      }
      const open = unhealthy.has(app.key);
      if (
        (isUnhealthy(app) && !open) ||
        (app.health.status === 'Healthy' && open)
      ) {
        await deliveries.observeHealth(appIdentity(app), seen.health, now);
      }
    }
    // gone while nobody watched
    for (const d of openDrifts) {
      if (!present.has(locator(d.agentId, d.application, d.appNamespace))) {
        await this.closeDrift(agentId, d.application, d.appNamespace, now);
      }
    }
    const ended = apps.filter(app => observe(app).ended);
    const lastDeployed = await deliveries.lastDeployedAt(
      ended.map(app => app.key),
    );
    for (const app of ended) {
      const last = lastDeployed.get(app.key);
      const recorded =
        last !== undefined &&
        Date.parse(last) >= Date.parse(app.operation!.startedAt!);
      if (!recorded) await this.operationEnded(agentId, app, true);
    }
  }

  /**
   * An operation ended: a failed sync is recorded from the lean state; a
   * successful one (or, catching up, a failed one not recorded before) has
   * its application read in full for the history.
   */
  private async operationEnded(
    agentId: string,
    app: GitOpsApplication,
    catchingUp: boolean,
  ) {
    if (operationFailed(app.operation)) {
      const failure = syncFailure(app);
      const added = failure
        ? await this.options.deliveries.addSyncFailure(failure)
        : false;
      if (!catchingUp || !added) return;
    } else if (app.operation?.phase !== 'Succeeded') {
      return;
    }
    this.histories.add(agentId, app, catchingUp ? 'background' : 'urgent');
  }

  private async openDrift(app: GitOpsApplication, now: string) {
    await this.options.drift.recordDriftStart({
      agentId: app.agentId,
      application: app.name,
      appNamespace: app.namespace,
      environment: app.environment,
      syncStatus: app.sync.status,
      health: app.health.status,
      revision: app.sync.revision,
      startedAt: now,
    });
  }

  private async closeDrift(
    agentId: string,
    name: string,
    namespace: string | undefined,
    now: string,
  ) {
    const { drift } = this.options;
    try {
      await drift.recordDriftEnd(agentId, name, now, namespace);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // another replica's clock opened it a moment later than ours says
      const open = await drift.openDrift(agentId, name, namespace);
      if (open) {
        await drift.recordDriftEnd(agentId, name, open.startedAt, namespace);
      }
    }
  }

  private async readOnce(agentId: string, app: GitOpsApplication) {
    const provider = this.options.provider(agentId);
    if (!provider) return;
    const record = () =>
      recordHistory({
        provider,
        lean: app,
        store: this.options.deliveries,
        audit: this.options.operations,
        logger: this.options.logger,
        timeoutMs: this.options.timeoutMs ?? 10_000,
      });
    const slots = this.options.readSlots;
    try {
      await (slots ? slots.run(agentId, record) : record());
    } catch (error) {
      // the next ended operation, or the next reconcile, reads it again
      this.options.logger.warn(
        `Could not record the history of ${app.name} on agent ${agentId}: ${error}`,
      );
    }
  }
}
