import { createHash } from 'node:crypto';
import { CacheService, LoggerService } from '@backstage/backend-plugin-api';
import { JsonValue } from '@backstage/types';
import { FleetState } from './FleetState';
import { AgentSnapshot } from './types';

interface StoredSnapshot {
  version: 1;
  syncedAt: string;
  snapshot: AgentSnapshot;
}

/**
 * Snapshots of the fleet state in the shared cache (`coreServices.cache`:
 * memory, or Redis shared by the replicas), so that a new replica starts
 * warm: it serves each agent from the last snapshot (marked stale, with the
 * snapshot's `syncedAt`) until its own feed has read the agent. Each
 * replica still keeps its own state from its own feeds; this is only its
 * starting point. A snapshot is written after an agent's first load and
 * then at most once per `writeIntervalMs` while it changes, and kept for
 * `maxAgeMs`: an older one is not used. Never on a request's path.
 */
export class FleetSnapshotCache {
  private readonly dirty = new Set<string>();
  private readonly written = new Set<string>();
  private timer?: NodeJS.Timeout;
  private saving?: Promise<number>;
  /** An agent loaded for the first time while a write was running. */
  private firstLoadPending = false;

  constructor(
    private readonly cache: CacheService,
    private readonly state: FleetState,
    private readonly options: {
      /** The agents, with their URLs (a snapshot belongs to one agent URL). */
      agents: Array<{ id: string; url: string }>;
      logger: LoggerService;
      writeIntervalMs: number;
      maxAgeMs: number;
    },
  ) {
    state.subscribe(change => {
      this.dirty.add(change.agentId);
      // the first load of an agent is written at once
      if (change.feed === 'fresh' && !this.written.has(change.agentId)) {
        if (this.saving) this.firstLoadPending = true;
        else this.save().catch(() => {});
      }
    }, 'the snapshot writer');
  }

  private key(agent: { id: string; url: string }): string {
    const url = createHash('sha256').update(agent.url).digest('hex');
    return `fleet-snapshot:v1:${agent.id}:${url.slice(0, 16)}`;
  }

  /**
   * Starts every agent that is not loaded yet from its snapshot, if there
   * is one young enough; how many were restored.
   */
  async restore(): Promise<number> {
    const restored = await Promise.all(
      this.options.agents.map(async agent => {
        try {
          const stored = (await this.cache.get(this.key(agent))) as
            | StoredSnapshot
            | undefined;
          if (stored?.version !== 1) return false;
          const age = Date.now() - Date.parse(stored.syncedAt);
          if (!(age <= this.options.maxAgeMs)) return false;
          return this.state.restoreSnapshot(
            agent.id,
            stored.snapshot,
            stored.syncedAt,
          );
        } catch (error) {
          this.options.logger.warn(
            `Could not read the fleet snapshot of ${agent.id}: ${error}`,
          );
          return false;
        }
      }),
    );
    return restored.filter(Boolean).length;
  }

  /** Writes the snapshot of every fresh agent changed since its last write. */
  save(): Promise<number> {
    this.saving ??= this.write().finally(() => {
      this.saving = undefined;
      if (this.firstLoadPending) {
        this.firstLoadPending = false;
        this.save().catch(() => {});
      }
    });
    return this.saving;
  }

  private async write(): Promise<number> {
    let count = 0;
    for (const agent of this.options.agents) {
      if (!this.dirty.has(agent.id)) continue;
      const current = this.state.snapshotOf(agent.id);
      if (!current) continue;
      this.dirty.delete(agent.id);
      const stored: StoredSnapshot = { version: 1, ...current };
      try {
        await this.cache.set(this.key(agent), stored as unknown as JsonValue, {
          ttl: this.options.maxAgeMs,
        });
        this.written.add(agent.id);
        count += 1;
      } catch (error) {
        this.dirty.add(agent.id);
        this.options.logger.warn(
          `Could not write the fleet snapshot of ${agent.id}: ${error}`,
        );
      }
    }
    return count;
  }

  /** Writes changed snapshots every `writeIntervalMs`. */
  start(): void {
    this.timer ??= setInterval(
      () => this.save().catch(() => {}),
      this.options.writeIntervalMs,
    );
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.saving;
  }
}
