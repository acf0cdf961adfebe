import { FaultConfig } from '../scenario/schema';
import { createRng } from '../util/hash';

export type FaultAction = 'none' | 'error' | 'malformed' | 'truncated' | 'reset' | 'drop' | 'hang';

/** What to do to one request. */
export interface FaultDecision {
  delayMs: number;
  action: FaultAction;
  /** HTTP status of an `error`. */
  status?: number;
  retryAfterSeconds?: number;
  hangMs?: number;
}

/**
 * Latency and fault injection for one agent. Decisions come from a seeded
 * generator: the same seed and the same request sequence give the same faults.
 */
export class FaultInjector {
  private config: FaultConfig = {};
  private rng: () => number = Math.random;
  private pathPatterns: RegExp[] | undefined;

  constructor(private readonly agentId: string, config: FaultConfig = {}) {
    this.set(config);
  }

  /** Replaces the configuration (and restarts the dice from the seed). */
  set(config: FaultConfig) {
    this.config = { ...config };
    this.rng = createRng(config.seed ?? `faults/${this.agentId}`);
    this.pathPatterns = config.paths?.map(p => new RegExp(p));
  }

  get(): FaultConfig {
    return { ...this.config };
  }

  /** True when nothing is configured (the fast path). */
  get idle(): boolean {
    const c = this.config;
    return !(
      c.latencyMs ||
      c.jitterMs ||
      c.errorRate ||
      c.malformedRate ||
      c.truncatedRate ||
      c.resetRate ||
      c.dropRate ||
      c.hangRate
    );
  }

  decide(method: string, path: string): FaultDecision {
    const c = this.config;
    if (this.idle) return { delayMs: 0, action: 'none' };
    if (c.methods?.length && !c.methods.map(m => m.toUpperCase()).includes(method.toUpperCase())) {
      return { delayMs: 0, action: 'none' };
    }
    if (this.pathPatterns && !this.pathPatterns.some(p => p.test(path))) {
      return { delayMs: 0, action: 'none' };
    }
    const delayMs = (c.latencyMs ?? 0) + (c.jitterMs ? Math.floor(this.rng() * c.jitterMs) : 0);
    const roll = this.rng();
    const steps: Array<[number | undefined, FaultAction]> = [
      [c.resetRate, 'reset'],
      [c.dropRate, 'drop'],
      [c.hangRate, 'hang'],
      [c.errorRate, 'error'],
      [c.malformedRate, 'malformed'],
      [c.truncatedRate, 'truncated'],
    ];
    let edge = 0;
    for (const [rate, action] of steps) {
      edge += rate ?? 0;
      if (roll < edge) {
        if (action === 'error') {
          const statuses = c.errorStatuses ?? [500];
          const status = statuses[Math.floor(this.rng() * statuses.length)];
          return { delayMs, action, status, retryAfterSeconds: c.retryAfterSeconds ?? 1 };
        }
        return { delayMs, action, hangMs: c.hangMs ?? 120_000 };
      }
    }
    return { delayMs, action: 'none' };
  }
}
