import { LoggerService } from '@backstage/backend-plugin-api';
import { AgentError } from '@gitops-suite/plugin-gitops-common';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from '../providers/http/toAgentError';
import { runAsFeed } from '../providers/http/feedContext';
import { Backoff, sleep } from './Backoff';
import { FleetState } from './FleetState';
import { readInventory } from './readInventory';
import { FleetFeeder } from './types';

/**
 * Feeds one agent's state by reading its lean application list on an
 * interval (agents without a watch stream: a provider without one, or an
 * agent whose gateway has no stream route, see WatchOrPollFeeder).
 * A failed read marks the agent stale and retries with backoff, never
 * later than the interval.
 */
export class PollingFeeder implements FleetFeeder {
  readonly kind = 'poll' as const;
  readonly agentId: string;
  lastError?: AgentError;
  private readonly stopping = new AbortController();
  private wake = new AbortController();
  private running?: Promise<void>;

  constructor(
    private readonly provider: GitOpsProvider,
    private readonly state: FleetState,
    private readonly options: {
      intervalMs: number;
      logger: LoggerService;
      backoff?: Backoff;
    },
  ) {
    this.agentId = provider.agent.id;
  }

  start(): void {
    this.running ??= runAsFeed('poll', () => this.loop());
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  resync(): void {
    this.wake.abort();
  }

  private async loop(): Promise<void> {
    const backoff = this.options.backoff ?? new Backoff();
    while (!this.stopping.signal.aborted) {
      let delay = this.options.intervalMs;
      const wake = new AbortController();
      this.wake = wake;
      try {
        await this.pollOnce();
        backoff.reset();
      } catch (error) {
        if (this.stopping.signal.aborted) break;
        this.lastError = toAgentError(this.agentId, error);
        this.state.markStale(this.agentId, this.lastError);
        delay = Math.min(delay, backoff.next());
        this.options.logger.debug(
          `Poll of ${this.agentId} failed (${this.lastError.message}); again in ${delay} ms`,
        );
      }
      await sleep(delay, AbortSignal.any([this.stopping.signal, wake.signal]));
    }
  }

  private async pollOnce(): Promise<void> {
    const signal = this.stopping.signal;
    const [applications, inventory] = await Promise.all([
      this.provider.listApplications({ lean: true }, { signal }),
      readInventory(
        this.provider,
        this.state.loaded(this.agentId),
        signal,
        true,
      ),
    ]);
    if (signal.aborted) return;
    this.state.loadSnapshot(this.agentId, { ...inventory, applications });
    this.lastError = undefined;
  }
}
