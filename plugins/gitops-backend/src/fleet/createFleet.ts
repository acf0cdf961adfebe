import { LoggerService } from '@backstage/backend-plugin-api';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { Backoff } from './Backoff';
import { FleetState } from './FleetState';
import { LeanDetails } from './LeanDetails';
import { PollingFeeder } from './PollingFeeder';
import { FleetFeeder } from './types';
import { isWatchable } from './WatchStreamFeeder';
import { WatchOrPollFeeder } from './WatchOrPollFeeder';

/** The fleet state of every configured agent and the feeders that keep it. */
export interface Fleet {
  state: FleetState;
  feeders: Map<string, FleetFeeder>;
  /** Starts every feeder (initial loads run in parallel). */
  start(): void;
  stop(): Promise<void>;
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
}): Fleet {
  const providers = options.registry.list();
  const byId = new Map(providers.map(p => [p.agent.id, p]));
  const details = new LeanDetails({
    provider: agentId => byId.get(agentId),
    logger: options.logger,
  });
  const state = new FleetState(
    providers.map(p => ({
      id: p.agent.id,
      feed: isWatchable(p) ? ('watch' as const) : ('poll' as const),
    })),
    {
      knownSecrets: options.knownSecrets,
      decorate: details.decorate,
      logger: options.logger,
    },
  );
  details.attach(state);
  const feeders = new Map<string, FleetFeeder>(
    providers.map(provider => {
      const logger = options.logger.child({ agent: provider.agent.id });
      const feeder: FleetFeeder = isWatchable(provider)
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
      return [provider.agent.id, feeder];
    }),
  );
  return {
    state,
    feeders,
    start: () => feeders.forEach(feeder => feeder.start()),
    stop: async () => {
      await Promise.all([...feeders.values()].map(feeder => feeder.stop()));
    },
  };
}
