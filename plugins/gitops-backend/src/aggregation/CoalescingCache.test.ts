import { CacheManager } from '@backstage/backend-defaults/cache';
import { mockServices } from '@backstage/backend-test-utils';
import { CoalescingCache } from './CoalescingCache';
import { REDIS_URL, requireServer } from '../testUtils/realServices';

function cacheService(store: 'memory' | 'redis', prefix: string) {
  const config = mockServices.rootConfig({
    data: {
      backend: {
        cache:
          store === 'redis'
            ? { store: 'redis', connection: REDIS_URL }
            : { store: 'memory' },
      },
    },
  });
  return CacheManager.fromConfig(config).forPlugin(prefix);
}

describe.each(['memory', 'redis'] as const)('CoalescingCache on %s', store => {
  let available = true;
  beforeAll(async () => {
    if (store === 'redis') {
      available = await requireServer('Redis', REDIS_URL, 6379);
    }
  });

  const fresh = () =>
    cacheService(store, `gitops-test-${Date.now()}-${Math.random()}`);

  it('coalesces concurrent identical reads into one load', async () => {
    if (!available) return;
    const cache = new CoalescingCache(fresh(), 10_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise(r => setTimeout(r, 50));
      return { value: 42 };
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => cache.read('k', load)),
    );
    expect(loads).toBe(1);
    expect(results.every(r => r.value === 42)).toBe(true);
    // later reads within the TTL come from the cache
    await cache.read('k', load);
    expect(loads).toBe(1);
  });

  it('keeps a value for the shorter TTL its ttlFor asks for', async () => {
    if (!available) return;
    const cache = new CoalescingCache(fresh(), 10_000);
    let loads = 0;
    const load = async () => ({ running: ++loads === 1 });
    const ttlFor = (v: { running: boolean }) => (v.running ? 100 : Infinity);
    expect(await cache.read('k', load, ttlFor)).toEqual({ running: true });
    expect(await cache.read('k', load, ttlFor)).toEqual({ running: true });
    await new Promise(r => setTimeout(r, 400));
    expect(await cache.read('k', load, ttlFor)).toEqual({ running: false });
    // the settled value keeps the full TTL
    await new Promise(r => setTimeout(r, 400));
    expect(await cache.read('k', load, ttlFor)).toEqual({ running: false });
    expect(loads).toBe(2);
  });

  it('does not cache failures and reloads after invalidate', async () => {
    if (!available) return;
    const cache = new CoalescingCache(fresh(), 10_000);
    await expect(
      cache.read('k', async () => {
        throw new Error('agent down');
      }),
    ).rejects.toThrow('agent down');
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.read('k', load)).toEqual({ n: 1 });
    await cache.invalidate('k');
    expect(await cache.read('k', load)).toEqual({ n: 2 });
  });

  it('with a TTL of 0 always loads', async () => {
    if (!available) return;
    const cache = new CoalescingCache(fresh(), 0);
    let loads = 0;
    await cache.read('k', async () => ++loads);
    await cache.read('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('shares values and invalidations between replicas (shared stores)', async () => {
    // memory is per process: there is nothing to share
    if (!available || store !== 'redis') return;
    const prefix = `gitops-test-${Date.now()}-${Math.random()}`;
    // two backend replicas: separate processes' worth of cache clients
    const one = new CoalescingCache(cacheService(store, prefix), 10_000);
    const two = new CoalescingCache(cacheService(store, prefix), 10_000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await one.read('apps:prod', load)).toEqual({ n: 1 });
    // the second replica finds the first one's value in Redis
    expect(await two.read('apps:prod', load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    // an operation on one replica drops the list for both
    await one.invalidate('apps:prod');
    expect(await two.read('apps:prod', load)).toEqual({ n: 2 });
    expect(await one.read('apps:prod', load)).toEqual({ n: 2 });
  });
});
