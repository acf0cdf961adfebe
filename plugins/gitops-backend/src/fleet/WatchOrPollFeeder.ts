import { LoggerService } from '@backstage/backend-plugin-api';
import { Backoff } from './Backoff';
import { FleetState } from './FleetState';
import { PollingFeeder } from './PollingFeeder';
import { FleetFeeder } from './types';
import { WatchableProvider, WatchStreamFeeder } from './WatchStreamFeeder';

/**
 * Feeds a watchable agent through its watch stream, and polls it instead
 * where the agent (or the gateway in front of it) lists but has no stream
 * route: an older or self-managed Harness gateway, a proxy that does not pass
 * streams through. The switch is logged and shows in the agent's freshness
 * (`feed: poll`).
 */
export class WatchOrPollFeeder implements FleetFeeder {
  readonly agentId: string;
  private current: FleetFeeder;
  private polling?: PollingFeeder;
  private stopped = false;

  constructor(
    private readonly provider: WatchableProvider,
    private readonly state: FleetState,
    private readonly options: {
      resyncIntervalMs: number;
      pollIntervalMs: number;
      logger: LoggerService;
      backoff: () => Backoff;
    },
  ) {
    this.agentId = provider.agent.id;
    this.current = new WatchStreamFeeder(provider, state, {
      resyncIntervalMs: options.resyncIntervalMs,
      backoff: options.backoff(),
      logger: options.logger,
      inventoryIntervalMs: options.pollIntervalMs,
      onCannotStream: error => this.fallBack(error.message),
    });
  }

  get kind(): 'watch' | 'poll' {
    return this.current.kind;
  }

  get lastError() {
    return this.current.lastError;
  }

  start(): void {
    this.current.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.current.stop();
    await this.polling?.stop();
  }

  resync(): void {
    this.current.resync();
  }

  private fallBack(reason: string): void {
    if (this.stopped || this.polling) return;
    this.options.logger.info(
      `${reason}: agent ${this.agentId} cannot be watched; polling it every ${this.options.pollIntervalMs} ms instead`,
    );
    this.polling = new PollingFeeder(this.provider, this.state, {
      intervalMs: this.options.pollIntervalMs,
      backoff: this.options.backoff(),
      logger: this.options.logger,
    });
    this.current = this.polling;
    this.state.setFeedKind(this.agentId, 'poll');
    this.polling.start();
  }
}
