/** What the queue needs of an application: its fleet-wide key. */
interface Keyed {
  key: string;
}

/** One application whose history is to be read in full. */
interface QueuedRead<App extends Keyed> {
  agentId: string;
  /** The latest lean state of the application (a newer change replaces it). */
  app: App;
  urgent: boolean;
  /** Changed again while being read: read once more after this read. */
  again: boolean;
  done: Promise<void>;
  resolve: () => void;
}

/** Options of {@link HistoryReadQueue}. */
export interface HistoryReadQueueOptions<App extends Keyed> {
  /** Reads one application's history; errors are the reader's to log. */
  read: (agentId: string, app: App) => Promise<void>;
  /** Reads in flight at once, over all agents (default 4). */
  concurrency?: number;
  /**
   * Of those, how many may be catch-up reads (default 1): a first start
   * over 100,000 applications reads their histories one at a time, in the
   * background, while every live change is read at once.
   */
  backgroundConcurrency?: number;
}

/**
 * The full reads of the fleet recorder, bounded: one queued read per
 * application whatever number of changes asked for it, at most
 * `concurrency` in flight, and two lanes.
 *
 * - **Urgent**: an operation that ended while the fleet state watched.
 *   Read as soon as a slot is free.
 * - **Background**: the catch-up of what ended while nobody watched (a
 *   first start, an agent's reload). Read one at a time when no urgent
 *   read waits; a page asking for some applications' histories moves
 *   their reads to the urgent lane ({@link HistoryReadQueue.pending}).
 *
 * Nothing is held per application but its key and its lean state, which
 * the fleet state holds anyway.
 */
export class HistoryReadQueue<App extends Keyed> {
  private readonly urgent = new Map<string, QueuedRead<App>>();
  private readonly background = new Map<string, QueuedRead<App>>();
  private readonly running = new Map<string, QueuedRead<App>>();
  private backgroundRunning = 0;
  private stopped = false;

  constructor(private readonly options: HistoryReadQueueOptions<App>) {}

  /** Queues a read of `app`'s history (once per application). */
  add(agentId: string, app: App, lane: 'urgent' | 'background') {
    if (this.stopped) return;
    const urgent = lane === 'urgent';
    const running = this.running.get(app.key);
    if (running) {
      running.app = app;
      running.again = true;
      running.urgent ||= urgent;
      return;
    }
    const queued = this.urgent.get(app.key) ?? this.background.get(app.key);
    if (queued) {
      queued.app = app;
      if (urgent && !queued.urgent) this.promote(queued);
      return;
    }
    let resolve!: () => void;
    const done = new Promise<void>(r => {
      resolve = r;
    });
    const read: QueuedRead<App> = {
      agentId,
      app,
      urgent,
      again: false,
      done,
      resolve,
    };
    (urgent ? this.urgent : this.background).set(app.key, read);
    this.pump();
  }

  /** How many reads are queued or running, per lane. */
  get size(): { urgent: number; background: number; running: number } {
    return {
      urgent: this.urgent.size,
      background: this.background.size,
      running: this.running.size,
    };
  }

  /**
   * How many of the given applications have a read queued or running,
   * without waiting; with `prioritize` (a page asking for them), those
   * still in the background lane move to the urgent one.
   */
  pending(
    appKeys: ReadonlySet<string>,
    options: { prioritize?: boolean } = {},
  ): number {
    const lanes = [this.running, this.urgent, this.background];
    const queued = lanes.reduce((n, lane) => n + lane.size, 0);
    // whichever is smaller is walked: a fleet's keys or a first start's queue
    const reads: QueuedRead<App>[] = [];
    if (queued < appKeys.size) {
      for (const lane of lanes) {
        for (const [key, read] of lane) if (appKeys.has(key)) reads.push(read);
      }
    } else {
      for (const key of appKeys) {
        const read =
          this.running.get(key) ??
          this.urgent.get(key) ??
          this.background.get(key);
        if (read) reads.push(read);
      }
    }
    if (options.prioritize) {
      for (const read of reads) if (!read.urgent) this.promote(read);
    }
    return reads.length;
  }

  /**
   * Resolves once the reads of the given applications are done, moving
   * those still in the background lane to the urgent one. Without
   * `appKeys`: once every urgent read is done (the background lane is a
   * catch-up, not what came before the caller).
   */
  settled(appKeys?: Iterable<string>): Promise<void> {
    const waits: Promise<void>[] = [];
    if (appKeys) {
      for (const key of appKeys) {
        const read =
          this.running.get(key) ??
          this.urgent.get(key) ??
          this.background.get(key);
        if (!read) continue;
        if (!read.urgent) this.promote(read);
        waits.push(read.done);
      }
    } else {
      for (const read of [...this.running.values(), ...this.urgent.values()]) {
        if (read.urgent) waits.push(read.done);
      }
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** Drops what is queued; resolves once the running reads ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const lane of [this.urgent, this.background]) {
      for (const read of lane.values()) read.resolve();
      lane.clear();
    }
    await Promise.all([...this.running.values()].map(read => read.done));
  }

  private promote(read: QueuedRead<App>) {
    read.urgent = true;
    if (this.background.delete(read.app.key)) {
      this.urgent.set(read.app.key, read);
      this.pump();
    }
  }

  private pump() {
    const concurrency = this.options.concurrency ?? 4;
    const backgroundConcurrency = this.options.backgroundConcurrency ?? 1;
    while (this.running.size < concurrency) {
      let next: Map<string, QueuedRead<App>> | undefined = this.urgent;
      if (!next.size) {
        next =
          this.backgroundRunning < backgroundConcurrency
            ? this.background
            : undefined;
      }
      const read = next?.values().next().value;
      if (!next || !read) return;
      next.delete(read.app.key);
      this.start(read);
    }
  }

  private start(read: QueuedRead<App>) {
    const background = !read.urgent;
    this.running.set(read.app.key, read);
    if (background) this.backgroundRunning += 1;
    read.again = false;
    this.options
      .read(read.agentId, read.app)
      .catch(() => {
        // the reader logs; the next ended operation or reload reads again
      })
      .finally(() => {
        this.running.delete(read.app.key);
        if (background) this.backgroundRunning -= 1;
        if (read.again && !this.stopped) {
          (read.urgent ? this.urgent : this.background).set(read.app.key, read);
        } else {
          read.resolve();
        }
        this.pump();
      });
  }
}
