import type { AgentStore } from './AgentStore';
import type { StoreEvent } from './types';

interface Entry {
  resourceVersion: number;
  event: StoreEvent;
}

/**
 * The agent's recent changes by resource version, so a watch resumed from
 * a version replays what it missed, as a Kubernetes (and Argo CD) watch
 * does. Holds the last `capacity` changes; a version older than those is
 * gone (`410 Gone` in Kubernetes), and the client must list again.
 */
export class EventLog {
  private readonly entries: Entry[] = [];
  /** Versions up to this one are no longer held. */
  private floor: number;

  constructor(private readonly store: AgentStore, private readonly capacity = 20_000) {
    this.floor = Number(store.resourceVersion());
    store.subscribe(event => this.record(event));
  }

  private record(event: StoreEvent) {
    this.entries.push({ resourceVersion: Number(this.store.resourceVersion()), event });
    if (this.entries.length > this.capacity) {
      const dropped = this.entries.splice(0, this.entries.length - this.capacity);
      this.floor = dropped[dropped.length - 1].resourceVersion;
    }
  }

  /**
   * The changes after `resourceVersion`, in order; undefined when that
   * version is not a number or older than what the log holds.
   */
  since(resourceVersion: string): StoreEvent[] | undefined {
    const from = Number(resourceVersion);
    if (!Number.isFinite(from) || from < this.floor) return undefined;
    const out: StoreEvent[] = [];
    for (let i = this.entries.length - 1; i >= 0 && this.entries[i].resourceVersion > from; i--) {
      out.push(this.entries[i].event);
    }
    return out.reverse();
  }
}
