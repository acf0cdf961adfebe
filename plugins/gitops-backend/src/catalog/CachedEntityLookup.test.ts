import { mockCredentials } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { CachedEntityLookup } from './CachedEntityLookup';

const entity = (name: string, service: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name, annotations: { 'gitops/service': service } },
  spec: { type: 'service', owner: 'team-a', lifecycle: 'production' },
});

/** Backstage's catalog service mock, counting the calls it answers. */
function countingCatalog(entities: Entity[]) {
  const catalog = catalogServiceMock({ entities });
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    getEntityByRef: ((...args: Parameters<typeof catalog.getEntityByRef>) => {
      calls += 1;
      return catalog.getEntityByRef(...args);
    }) as typeof catalog.getEntityByRef,
  };
}

describe('CachedEntityLookup', () => {
  const ref = 'component:default/payments';

  it('asks the catalog once per caller and entity while the lookup is kept', async () => {
    const catalog = countingCatalog([entity('payments', 'payments')]);
    let now = 0;
    const lookup = new CachedEntityLookup(catalog, {
      ttlMs: 10_000,
      clock: () => now,
    });
    const alice = mockCredentials.user('user:default/alice');
    const [a, b] = await Promise.all([
      lookup.get(ref, alice),
      lookup.get(ref, alice),
    ]);
    expect(a?.query?.services).toEqual(['payments']);
    expect(b).toBe(a);
    await lookup.get(ref, alice);
    expect(catalog.calls).toBe(1);

    // another caller sees the catalog through its own eyes
    await lookup.get(ref, mockCredentials.user('user:default/bob'));
    expect(catalog.calls).toBe(2);

    // kept briefly: asked again once the time is up
    now = 10_001;
    await lookup.get(ref, alice);
    expect(catalog.calls).toBe(3);
  });

  it('keeps no lookup for an unknown caller, nor a missing entity, nor a failed lookup', async () => {
    const catalog = countingCatalog([entity('payments', 'payments')]);
    const lookup = new CachedEntityLookup(catalog, { ttlMs: 10_000 });
    const none = mockCredentials.none();
    await lookup.get(ref, none);
    await lookup.get(ref, none);
    expect(catalog.calls).toBe(2);
    const missing = 'component:default/not-yet';
    const bob = mockCredentials.user('user:default/bob');
    expect(await lookup.get(missing, bob)).toBeUndefined();
    expect(await lookup.get(missing, bob)).toBeUndefined();
    expect(catalog.calls).toBe(4);

    let fail = true;
    const flaky = new CachedEntityLookup(
      {
        getEntityByRef: async () => {
          if (fail) throw new Error('catalog down');
          return entity('payments', 'payments');
        },
      },
      { ttlMs: 10_000 },
    );
    const alice = mockCredentials.user('user:default/alice');
    await expect(flaky.get(ref, alice)).rejects.toThrow('catalog down');
    fail = false;
    expect((await flaky.get(ref, alice))?.entity.metadata.name).toBe(
      'payments',
    );
  });

  it('tells listeners which entities were looked up, and forgets an entity on demand', async () => {
    const catalog = countingCatalog([entity('payments', 'payments')]);
    const lookup = new CachedEntityLookup(catalog, { ttlMs: 10_000 });
    const seen: string[] = [];
    lookup.onResolved((entityRef, query) =>
      seen.push(`${entityRef}=${query?.services.join(',')}`),
    );
    const alice = mockCredentials.user('user:default/alice');
    await lookup.get(ref, alice);
    await lookup.get(ref, alice);
    expect(seen).toEqual([`${ref}=payments`]);
    lookup.forget(ref);
    await lookup.get(ref, alice);
    expect(catalog.calls).toBe(2);
  });

  it('holds at most maxEntries lookups, dropping the oldest', async () => {
    const entities = ['a', 'b', 'c'].map(n => entity(n, n));
    const catalog = countingCatalog(entities);
    const lookup = new CachedEntityLookup(catalog, {
      ttlMs: 10_000,
      maxEntries: 2,
    });
    const alice = mockCredentials.user('user:default/alice');
    for (const name of ['a', 'b', 'c']) {
      await lookup.get(`component:default/${name}`, alice);
    }
    await lookup.get('component:default/c', alice);
    await lookup.get('component:default/b', alice);
    expect(catalog.calls).toBe(3);
    await lookup.get('component:default/a', alice);
    expect(catalog.calls).toBe(4);
  });

  it("reports users' reads of entities to its read listeners, and no service's", () => {
    const lookup = new CachedEntityLookup(countingCatalog([]), { ttlMs: 0 });
    const reads: Array<[string, string, boolean]> = [];
    const stop = lookup.onRead((entityRef, user, allowed) =>
      reads.push([entityRef, user, allowed]),
    );
    lookup.reportRead(ref, mockCredentials.user('user:default/alice'), true);
    lookup.reportRead(ref, mockCredentials.user('user:default/bob'), false);
    lookup.reportRead(ref, mockCredentials.service('plugin:catalog'), true);
    stop();
    lookup.reportRead(ref, mockCredentials.user('user:default/carol'), true);
    expect(reads).toEqual([
      [ref, 'user:default/alice', true],
      [ref, 'user:default/bob', false],
    ]);
  });
});
