import { LoggerService } from '@backstage/backend-plugin-api';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { Backoff } from './Backoff';
import { FleetState } from './FleetState';
import { LeanDetails } from './LeanDetails';
import { PollingFeeder } from './PollingFeeder';
import { FleetFeeder } from './types';
import { isWatchable } from './WatchStreamFeeder';
import { WatchOrPollFeeder } from './WatchOrPollFeeder';
import type { SubscriberMetrics } from './subscriberMetrics';
import { AgentReadSlots } from './AgentReadSlots';

/** The fleet state of every configured agent and the feeders that keep it. */
export interface Fleet {
  state: FleetState;
  feeders: Map<string, FleetFeeder>;
  /** The full reads of one application each agent may have in flight, shared by every reader. */
  readSlots: AgentReadSlots;
  /** Starts every feeder (initial loads run in parallel). */
  start(): void;
  stop(): Promise<void>;
  /**
   * Follows an agent found while running (its provider is in the
   * registry): fed as a configured one, started when the fleet runs.
   */
  addAgent(provider: GitOpsProvider): void;
  /** Stops following an agent and drops its state (its applications go). */
  removeAgent(agentId: string): Promise<void>;
}

/**
 * Builds the fleet state: a watch-stream feeder for every agent whose
 * provider can be watched (Argo CD, Harness), polling where that agent turns
 * out to have no stream, and a polling feeder for the others.
 */
export function createFleet(options: {
  registry: ProviderRegistry;
  logger: LoggerService;
  /** Planned re-list of a watched agent (bounds a silently stalled stream). */
  resyncIntervalMs: number;
  /** How often a polled agent's list is read. */
  pollIntervalMs: number;
  /** The longest wait between reconnection attempts to a lost agent. */
  reconnectMaxMs?: number;
  /**
   * Credential values to scrub out of what enters the state; the same list
   * (by identity) the routes scrub answers with, so they skip what is clean.
   */
  knownSecrets: string[];
  /** Where the fleet state counts its subscribers' failures and time. */
  subscriberMetrics?: SubscriberMetrics;
}): Fleet {
  const providers = options.registry.list();
  const readSlots = new AgentReadSlots();
  const details = new LeanDetails({
    provider: agentId => options.registry.list([agentId])[0],
    slots: readSlots,
    logger: options.logger,
  });
  const state = new FleetState(
    providers.map(p => ({
      id: p.agent.id,
      feed: isWatchable(p) ? ('watch' as const) : ('poll' as const),
    })),
    {
      knownSecrets: options.knownSecrets,
      metrics: options.subscriberMetrics,
      decorate: details.decorate,
      logger: options.logger,
    },
  );
  details.attach(state);
  const feederOf = (provider: GitOpsProvider): FleetFeeder => {
    const logger = options.logger.child({ agent: provider.agent.id });
    return isWatchable(provider)
      ? new WatchOrPollFeeder(provider, state, {
          resyncIntervalMs: options.resyncIntervalMs,
          pollIntervalMs: options.pollIntervalMs,
          backoff: () => new Backoff(500, options.reconnectMaxMs),
          logger,
        })
      : new PollingFeeder(provider, state, {
          intervalMs: options.pollIntervalMs,
          backoff: new Backoff(500, options.reconnectMaxMs),
          logger,
        });
  };
  const feeders = new Map<string, FleetFeeder>(
    providers.map(provider => [provider.agent.id, feederOf(provider)]),
  );
  let running = false;
  return {
    state,
    feeders,
    readSlots,
    start: () => {
      running = true;
      feeders.forEach(feeder => feeder.start());
    },
    stop: async () => {
      running = false;
      await Promise.all([...feeders.values()].map(feeder => feeder.stop()));
    },
    addAgent: provider => {
      const id = provider.agent.id;
      if (feeders.has(id)) return;
      state.addAgent({
        id,
        feed: isWatchable(provider) ? 'watch' : 'poll',
      });
      const feeder = feederOf(provider);
      feeders.set(id, feeder);
      if (running) feeder.start();
    },
    removeAgent: async agentId => {
      const feeder = feeders.get(agentId);
      feeders.delete(agentId);
      await feeder?.stop();
      state.removeAgent(agentId);
      readSlots.forget(agentId);
    },
  };
}
