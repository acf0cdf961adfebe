import { LoggerService } from '@backstage/backend-plugin-api';
import { AgentError } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
  GitOpsProviderCapabilities,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from '../providers/http/toAgentError';
import { runAsFeed } from '../providers/http/feedContext';
import { Backoff, sleep } from './Backoff';
import { FleetState } from './FleetState';
import { readInventory } from './readInventory';
import { FleetFeeder } from './types';

export type WatchableProvider = GitOpsProvider &
  GitOpsProviderCapabilities['watch'];

/** Whether a provider can be watched rather than polled. */
export function isWatchable(
  provider: GitOpsProvider,
): provider is WatchableProvider {
  return hasProviderCapability(provider, 'watch');
}

/**
 * The answers of an agent (or a gateway in front of it) that does not serve
 * the watch stream at all: no route (404, 405) or not implemented (501).
 */
const NO_STREAM_STATUSES = [404, 405, 501];

/** A stream open the agent refused as a route it does not have. */
class CannotStreamError extends Error {
  constructor(readonly cause: GitOpsAgentError) {
    super(cause.message);
  }
}

/**
 * Feeds one watchable agent's state from its watch streams, as Argo CD's UI
 * does: list once (lean, with `fields`), then watch from the list's
 * resourceVersion. A broken, closed or malformed stream marks the agent
 * stale and reconnects with backoff and jitter, resyncing from a fresh
 * list; a planned resync every `resyncIntervalMs` bounds how long a
 * silently stalled stream can go unnoticed.
 */
export class WatchStreamFeeder implements FleetFeeder {
  readonly kind = 'watch' as const;
  readonly agentId: string;
  lastError?: AgentError;
  private readonly stopping = new AbortController();
  private session?: AbortController;
  private running?: Promise<void>;

  constructor(
    private readonly provider: WatchableProvider,
    private readonly state: FleetState,
    private readonly options: {
      resyncIntervalMs: number;
      logger: LoggerService;
      backoff?: Backoff;
      /**
       * Called, and the feed ends, when the agent lists but refuses to open
       * its application stream as a route it does not have (the caller
       * polls it instead); without it that is retried as any failure.
       */
      onCannotStream?: (error: GitOpsAgentError) => void;
      /**
       * For an agent without an ApplicationSet stream (Harness): how often
       * its ApplicationSets, clusters, repositories and status are re-read
       * while its application stream runs, as when it was polled; without
       * it they are read at each resync only.
       */
      inventoryIntervalMs?: number;
    },
  ) {
    this.agentId = provider.agent.id;
  }

  start(): void {
    this.running ??= runAsFeed('watch', () => this.loop());
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  resync(): void {
    this.session?.abort();
  }

  private async loop(): Promise<void> {
    const backoff = this.options.backoff ?? new Backoff();
    while (!this.stopping.signal.aborted) {
      try {
        await this.runSession();
        backoff.reset();
      } catch (error) {
        if (this.stopping.signal.aborted) break;
        if (error instanceof CannotStreamError && this.options.onCannotStream) {
          this.options.onCannotStream(error.cause);
          return;
        }
        // a planned resync (or one asked for) that cut a call: not a failure
        if (this.session?.signal.aborted) continue;
        this.lastError = toAgentError(this.agentId, error);
        this.state.markStale(this.agentId, this.lastError);
        const delay = backoff.next();
        this.options.logger.debug(
          `Watch of ${this.agentId} down (${this.lastError.message}); reconnecting in ${delay} ms`,
        );
        await sleep(delay, this.stopping.signal);
      }
    }
  }

  /** List, then watch until the resync interval ends it or it fails. */
  private async runSession(): Promise<void> {
    const session = new AbortController();
    this.session = session;
    const signal = AbortSignal.any([this.stopping.signal, session.signal]);
    const timer = setTimeout(
      () => session.abort(),
      this.options.resyncIntervalMs,
    );
    try {
      const provider = this.provider;
      const [apps, sets, inventory] = await Promise.all([
        provider.snapshotApplications({ signal }),
        hasProviderCapability(provider, 'applicationSetWatch')
          ? provider.snapshotApplicationSets({ signal })
          : undefined,
        readInventory(
          provider,
          this.state.loaded(this.agentId),
          signal,
          !hasProviderCapability(provider, 'applicationSetWatch'),
        ),
      ]);
      if (signal.aborted) return;
      this.state.loadSnapshot(this.agentId, {
        ...inventory,
        applications: apps.items,
        applicationSets: sets?.items ?? inventory.applicationSets,
      });
      this.lastError = undefined;
      await this.watch(signal, apps.resourceVersion, sets?.resourceVersion);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Both streams; the first to fail ends the other. */
  private async watch(
    signal: AbortSignal,
    appsVersion?: string,
    setsVersion?: string,
  ): Promise<void> {
    const inner = new AbortController();
    const both = AbortSignal.any([signal, inner.signal]);
    const fail = (error: unknown) => {
      inner.abort();
      throw error;
    };
    const agentId = this.agentId;
    let opened = false;
    await Promise.all([
      this.provider
        .watchApplications({
          resourceVersion: appsVersion,
          signal: both,
          onOpen: () => {
            opened = true;
          },
          onEvent: event => this.state.applyApplicationEvent(agentId, event),
        })
        .catch(error => {
          // listed, but the stream is no route of the agent's
          if (
            !opened &&
            error instanceof GitOpsAgentError &&
            NO_STREAM_STATUSES.includes(error.status ?? 0)
          ) {
            fail(new CannotStreamError(error));
          }
          fail(error);
        }),
      hasProviderCapability(this.provider, 'applicationSetWatch') &&
      setsVersion !== undefined
        ? this.provider
            .watchApplicationSets({
              resourceVersion: setsVersion,
              signal: both,
              onEvent: event =>
                this.state.applyApplicationSetEvent(agentId, event),
            })
            .catch(fail)
        : undefined,
      this.refreshInventory(both),
    ]);
    // a stream that ended because the other failed is not a planned end
    if (inner.signal.aborted && !signal.aborted) {
      throw new Error(`Watch of ${agentId} ended`);
    }
  }

  /** Re-reads the slow-changing parts on their interval, until `signal` aborts. */
  private async refreshInventory(signal: AbortSignal): Promise<void> {
    const interval = this.options.inventoryIntervalMs;
    if (
      !interval ||
      hasProviderCapability(this.provider, 'applicationSetWatch')
    ) {
      return;
    }
    for (;;) {
      await sleep(interval, signal);
      if (signal.aborted) return;
      const inventory = await readInventory(
        this.provider,
        this.state.loaded(this.agentId),
        signal,
        true,
      );
      if (signal.aborted) return;
      this.state.loadInventory(this.agentId, inventory);
    }
  }
}
