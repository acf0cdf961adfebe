/**
 * Exponential backoff with jitter for reconnecting to an agent: each delay
 * doubles up to `maxMs`, and is drawn from its upper half so replicas that
 * lost the same agent do not come back in lockstep.
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly minMs = 500,
    private readonly maxMs = 30_000,
    private readonly random: () => number = Math.random,
  ) {}

  next(): number {
    const ceiling = Math.min(this.maxMs, this.minMs * 2 ** this.attempt);
    this.attempt += 1;
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  reset(): void {
    this.attempt = 0;
  }
}

/** Waits `ms`, or less when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise(resolve => {
    if (signal.aborted) {
      resolve();
      return;
    }
    let timer: NodeJS.Timeout | undefined = undefined;
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
