import { CacheService } from '@backstage/backend-plugin-api';
import { JsonValue } from '@backstage/types';

/**
 * Reads through `coreServices.cache` (memory, or Redis shared by replicas)
 * and coalesces concurrent identical reads in this process into one upstream
 * call. Failures are not cached.
 */
export class CoalescingCache {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly cache: CacheService,
    private readonly ttlMs: number,
  ) {}

  /**
   * Reads `key`, loading it on a miss. `ttlFor` may shorten the TTL for a
   * value that is about to change (an operation still running, say).
   */
  async read<T>(
    key: string,
    load: () => Promise<T>,
    ttlFor?: (value: T) => number,
  ): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const promise = this.readThrough(key, load, ttlFor).finally(() => {
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }

  private async readThrough<T>(
    key: string,
    load: () => Promise<T>,
    ttlFor?: (value: T) => number,
  ): Promise<T> {
    if (this.ttlMs > 0) {
      const cached = await this.cache.get(key).catch(() => undefined);
      if (cached !== undefined) return cached as T;
    }
    const value = await load();
    const ttl = Math.min(this.ttlMs, ttlFor?.(value) ?? this.ttlMs);
    if (ttl > 0) {
      // the values are the normalized model: plain JSON by construction
      await this.cache
        .set(key, value as unknown as JsonValue, { ttl })
        .catch(() => {});
    }
    return value;
  }

  async invalidate(key: string): Promise<void> {
    await this.cache.delete(key).catch(() => {});
  }
}
