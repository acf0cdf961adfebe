import {
  AgentError,
  AgentFreshness,
  GitOpsApplication,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { WatchEvent } from '@gitops-suite/plugin-gitops-node';
import { scrubAndSeal } from '../scrubbing/scrubSecrets';
import { AgentFleet } from './AgentFleet';
import { AgentSnapshot, FleetChange } from './types';
import type { SubscriberMetrics } from './subscriberMetrics';

interface Feed {
  kind: 'watch' | 'poll';
  loaded: boolean;
  syncedAt?: string;
  stale: boolean;
  error?: AgentError;
}

/**
 * The fleet held in memory by this backend replica: per agent, the
 * normalized lean applications, ApplicationSets, clusters, repositories and
 * status (see {@link AgentFleet} for the indexes), and how fresh each is.
 * Only feeders and operations write it; every read path reads it.
 */
export class FleetState {
  private readonly fleets = new Map<string, AgentFleet>();
  private readonly feeds = new Map<string, Feed>();
  private readonly listeners = new Map<(change: FleetChange) => void, string>();
  private readonly waiters = new Map<
    string,
    Array<(fleet: AgentFleet) => void>
  >();

  private readonly clock: () => Date;
  private readonly logger?: Pick<LoggerService, 'error'>;
  private readonly metrics?: SubscriberMetrics;
  /** Scrubs (and seals) what enters the state: answers need no second walk. */
  private readonly scrub: <T>(value: T) => T;
  /** Adds what is known beyond the lean read (see LeanDetails). */
  private readonly decorate: (app: GitOpsApplication) => GitOpsApplication;

  constructor(
    agents: Array<{ id: string; feed: 'watch' | 'poll' }>,
    options: {
      knownSecrets: string[];
      clock?: () => Date;
      decorate?: (app: GitOpsApplication) => GitOpsApplication;
      /** Where a subscriber's failure is reported (it never breaks the state). */
      logger?: Pick<LoggerService, 'error'>;
      /** Where each subscriber's failures and time per change are counted. */
      metrics?: SubscriberMetrics;
    },
  ) {
    this.logger = options.logger;
    this.metrics = options.metrics;
    this.clock = options.clock ?? (() => new Date());
    this.scrub = value => scrubAndSeal(value, options.knownSecrets);
    this.decorate = options.decorate ?? (app => app);
    for (const agent of agents) this.addAgent(agent);
  }

  /** An agent to hold (configured, or found while running), not loaded yet. */
  addAgent(agent: { id: string; feed: 'watch' | 'poll' }): void {
    if (this.fleets.has(agent.id)) return;
    this.fleets.set(agent.id, new AgentFleet(agent.id));
    this.feeds.set(agent.id, { kind: agent.feed, loaded: false, stale: false });
  }

  /**
   * An agent that is no more (gone from its Harness account): its
   * applications are removed, as listeners hear, and so is the agent.
   */
  removeAgent(agentId: string): void {
    const fleet = this.fleets.get(agentId);
    if (!fleet) return;
    const removed = [...fleet.apps.values()].map(app => fleet.withOwner(app));
    this.fleets.delete(agentId);
    this.feeds.delete(agentId);
    this.waiters.delete(agentId);
    this.emit({ agentId, applications: [], removed });
  }

  /** The agent's state once its first full read has loaded. */
  loaded(agentId: string): AgentFleet | undefined {
    return this.feeds.get(agentId)?.loaded
      ? this.fleets.get(agentId)
      : undefined;
  }

  /** Resolves with the agent's state once its first full read has loaded. */
  whenLoaded(agentId: string, signal: AbortSignal): Promise<AgentFleet> {
    const fleet = this.loaded(agentId);
    if (fleet) return Promise.resolve(fleet);
    return new Promise(resolve => {
      const waiting = this.waiters.get(agentId) ?? [];
      waiting.push(resolve);
      this.waiters.set(agentId, waiting);
      // a caller that gave up stops waiting (no pile-up behind a dead agent)
      signal.addEventListener(
        'abort',
        () => {
          const left = this.waiters.get(agentId)?.filter(w => w !== resolve);
          if (left?.length) this.waiters.set(agentId, left);
          else this.waiters.delete(agentId);
        },
        { once: true },
      );
    });
  }

  /** How the agent is fed now (a watched agent that cannot stream is polled). */
  setFeedKind(agentId: string, kind: 'watch' | 'poll'): void {
    const feed = this.feeds.get(agentId);
    if (feed) feed.kind = kind;
  }

  /** The error that keeps an agent's feed down, if it is down. */
  feedError(agentId: string): AgentError | undefined {
    return this.feeds.get(agentId)?.error;
  }

  freshness(agentIds: string[]): AgentFreshness[] {
    return agentIds.flatMap(agentId => {
      const feed = this.feeds.get(agentId);
      if (!feed) return [];
      return [
        {
          agentId,
          ...(feed.syncedAt && { syncedAt: feed.syncedAt }),
          stale: feed.stale || !feed.loaded,
          feed: feed.kind,
        },
      ];
    });
  }

  /**
   * Loaded agents whose feed is down: their data is served, and they are
   * reported the way a failed agent is.
   */
  staleErrors(agentIds: string[]): AgentError[] {
    return agentIds.flatMap(agentId => {
      const feed = this.feeds.get(agentId);
      if (!feed?.loaded || !feed.stale || !feed.error) return [];
      return [
        {
          ...feed.error,
          message: `${feed.error.message}; showing its state as of ${feed.syncedAt}`,
        },
      ];
    });
  }

  /**
   * Calls `listener` with every change, in order. A listener that throws
   * is reported by `name`, and neither the state nor the other listeners
   * notice.
   */
  subscribe(
    listener: (change: FleetChange) => void,
    name = 'a subscriber',
  ): () => void {
    this.listeners.set(listener, name);
    return () => this.listeners.delete(listener);
  }

  /** A full read of the agent replaces its state and marks it fresh. */
  loadSnapshot(agentId: string, snapshot: AgentSnapshot): void {
    this.replaceState(agentId, snapshot, false);
  }

  private replaceState(
    agentId: string,
    snapshot: AgentSnapshot,
    restored: boolean,
  ): void {
    const fleet = this.fleet(agentId);
    // each object sealed on its own: answers hold them, not the snapshot
    const clean: AgentSnapshot = {
      applications: snapshot.applications.map(app =>
        this.scrub(this.decorate(app)),
      ),
      applicationSets: snapshot.applicationSets.map(this.scrub),
      clusters: snapshot.clusters.map(this.scrub),
      repositories: snapshot.repositories.map(this.scrub),
      ...(snapshot.status && { status: this.scrub(snapshot.status) }),
    };
    const sets = fleet.replaceApplicationSets(clean.applicationSets);
    const { changed, removed } = fleet.replaceApplications(clean.applications);
    fleet.clusters = clean.clusters;
    fleet.repositories = clean.repositories;
    if (clean.status) fleet.status = clean.status;
    const feed = this.markFresh(agentId);
    this.emit({
      agentId,
      applications: changed,
      removed,
      setApplications: fleet.generatedApplications(sets),
      feed,
      ...(restored && { restored: true as const }),
    });
  }

  /**
   * The slow-changing parts of a watched agent, re-read while its stream
   * runs (ApplicationSets only when `applicationSets` is given): its
   * applications and its freshness are the stream's.
   */
  loadInventory(
    agentId: string,
    inventory: Omit<AgentSnapshot, 'applications' | 'applicationSets'> & {
      applicationSets?: AgentSnapshot['applicationSets'];
    },
  ): void {
    const fleet = this.loaded(agentId);
    if (!fleet) return;
    if (inventory.applicationSets) {
      this.emitSetChanges(
        agentId,
        fleet.replaceApplicationSets(inventory.applicationSets.map(this.scrub)),
      );
    }
    fleet.clusters = inventory.clusters.map(this.scrub);
    fleet.repositories = inventory.repositories.map(this.scrub);
    if (inventory.status) fleet.status = this.scrub(inventory.status);
  }

  /**
   * Starts an agent from a snapshot another replica saved (see
   * FleetSnapshotCache) while its own feed has not loaded it yet: served,
   * but stale, with the snapshot's `syncedAt`, until the feed's first full
   * read replaces it. False when the feed got there first.
   */
  restoreSnapshot(
    agentId: string,
    snapshot: AgentSnapshot,
    syncedAt: string,
  ): boolean {
    const feed = this.feeds.get(agentId);
    if (!feed || feed.loaded) return false;
    this.replaceState(agentId, snapshot, true);
    feed.stale = true;
    feed.syncedAt = syncedAt;
    return true;
  }

  /** What a full read of the agent would give now, with when it was fresh. */
  snapshotOf(
    agentId: string,
  ): { snapshot: AgentSnapshot; syncedAt: string } | undefined {
    const feed = this.feeds.get(agentId);
    const fleet = this.fleets.get(agentId);
    if (!feed?.loaded || feed.stale || !feed.syncedAt || !fleet)
      return undefined;
    return {
      syncedAt: feed.syncedAt,
      snapshot: {
        applications: [...fleet.apps.values()],
        applicationSets: [...fleet.appSets.values()],
        clusters: fleet.clusters,
        repositories: fleet.repositories,
        ...(fleet.status && { status: fleet.status }),
      },
    };
  }

  applyApplicationEvent(agentId: string, event: WatchEvent<GitOpsApplication>) {
    const fleet = this.fleet(agentId);
    this.touch(agentId);
    if (event.type === 'DELETED') {
      const gone = fleet.remove(event.object.key);
      if (gone) {
        this.emit({
          agentId,
          applications: [],
          removed: [fleet.withOwner(gone)],
        });
      }
    } else {
      this.upsertApplication(agentId, event.object);
    }
  }

  applyApplicationSetEvent(
    agentId: string,
    event: WatchEvent<GitOpsApplicationSet>,
  ) {
    const fleet = this.fleet(agentId);
    this.touch(agentId);
    const name = event.object.name;
    if (event.type === 'DELETED') {
      this.emitSetChanges(agentId, [name]);
      fleet.removeApplicationSet(name);
    } else if (fleet.upsertApplicationSet(this.scrub(event.object))) {
      this.emitSetChanges(agentId, [name]);
    }
  }

  /** Tells listeners which applications' ApplicationSets changed. */
  private emitSetChanges(agentId: string, setNames: string[]): void {
    const setApplications =
      this.fleets.get(agentId)?.generatedApplications(setNames) ?? [];
    this.emit({ agentId, applications: [], removed: [], setApplications });
  }

  /** One application's new state (an event, or a re-read after an operation). */
  upsertApplication(agentId: string, app: GitOpsApplication): void {
    const clean = this.scrub(this.decorate(app));
    const fleet = this.fleet(agentId);
    if (fleet.upsert(clean)) {
      this.emit({
        agentId,
        applications: [fleet.withOwner(clean)],
        removed: [],
      });
    }
  }

  /** Puts the held application through `decorate` again (details arrived). */
  redecorate(agentId: string, key: string): void {
    const held = this.fleets.get(agentId)?.apps.get(key);
    if (held) this.upsertApplication(agentId, held);
  }

  /** The feed is down: serve what is held, marked stale. */
  markStale(agentId: string, error: AgentError): void {
    const feed = this.feeds.get(agentId);
    if (!feed) return;
    const was = feed.stale;
    feed.stale = true;
    feed.error = error;
    if (!was)
      this.emit({ agentId, applications: [], removed: [], feed: 'stale' });
  }

  /** `fresh` when the agent was stale or not loaded before. */
  private markFresh(agentId: string): 'fresh' | undefined {
    const feed = this.feeds.get(agentId)!;
    const came = feed.stale || !feed.loaded ? ('fresh' as const) : undefined;
    feed.loaded = true;
    feed.stale = false;
    feed.error = undefined;
    feed.syncedAt = this.clock().toISOString();
    const waiting = this.waiters.get(agentId) ?? [];
    this.waiters.delete(agentId);
    for (const resolve of waiting) resolve(this.fleets.get(agentId)!);
    return came;
  }

  private touch(agentId: string) {
    const feed = this.feeds.get(agentId);
    if (feed?.loaded && !feed.stale) feed.syncedAt = this.clock().toISOString();
  }

  private fleet(agentId: string): AgentFleet {
    const fleet = this.fleets.get(agentId);
    if (!fleet) throw new Error(`No fleet state for agent ${agentId}`);
    return fleet;
  }

  private emit(change: FleetChange) {
    const empty =
      !change.applications.length &&
      !change.removed.length &&
      !change.setApplications?.length;
    if (empty && !change.feed) return;
    for (const [listener, name] of this.listeners) {
      const started = performance.now();
      try {
        listener(change);
      } catch (error) {
        // a listener's failure must not break the state nor the others
        this.metrics?.failed(name);
        this.logger?.error(
          `Fleet state: ${name} failed on a change of agent ${change.agentId}; the state and the other subscribers carry on`,
          error as Error,
        );
      } finally {
        this.metrics?.took(name, performance.now() - started);
      }
    }
  }
}
