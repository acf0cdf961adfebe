import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { CachedEntityLookup } from '../catalog/CachedEntityLookup';
import { FleetView } from '../fleet/FleetView';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { componentEntity } from '../testUtils';
import { EntityAccess } from './EntityAccess';

/*
 * Every read of an entity's applications tells the signals publisher who
 * read it once `gitops.application.read` is allowed, and that a refused
 * user no longer may: an entity's change notices go to its readers only.
 */
describe('EntityAccess.readable', () => {
  const entityRef = 'component:default/payments';
  const ref = { kind: 'component', namespace: 'default', name: 'payments' };
  const catalog = catalogServiceMock({
    entities: [
      componentEntity('payments', { 'gitops/service': 'payments' }),
      componentEntity('plain', {}),
    ],
  });

  function access(allowed: boolean) {
    const entityLookup = new CachedEntityLookup(catalog, { ttlMs: 0 });
    const reads: Array<[string, string, boolean]> = [];
    entityLookup.onRead((entity, user, ok) => reads.push([entity, user, ok]));
    const permissions = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(() => ({
          result: allowed ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
        })),
    });
    // no agents: these checks decide before any application is looked for
    const registry = ProviderRegistry.create({
      agents: [],
      environments: [],
      factories: new Map(),
      logger: mockServices.logger.mock(),
    });
    return {
      reads,
      access: new EntityAccess({
        permissions,
        catalog,
        entityLookup,
        registry,
        fleet: new FleetView(registry, undefined as never),
        environments: [],
      }),
    };
  }

  it('reports an allowed read as the reader of the entity', async () => {
    const { access: entities, reads } = access(true);
    const found = await entities.readable(
      mockCredentials.user('user:default/alice'),
      ref,
    );
    expect(found.entityRef).toBe(entityRef);
    expect(found.query.services).toEqual(['payments']);
    expect(reads).toEqual([[entityRef, 'user:default/alice', true]]);
  });

  it('reports a refused read, and refuses it naming the permission', async () => {
    const { access: entities, reads } = access(false);
    await expect(
      entities.readable(mockCredentials.user('user:default/mallory'), ref),
    ).rejects.toThrow(
      new NotAllowedError(
        `Not allowed: gitops.application.read on ${entityRef}`,
      ),
    );
    expect(reads).toEqual([[entityRef, 'user:default/mallory', false]]);
  });

  it('names the annotations an entity without them lacks', async () => {
    const { access: entities } = access(true);
    await expect(
      entities.readable(mockCredentials.user('user:default/alice'), {
        ...ref,
        name: 'plain',
      }),
    ).rejects.toThrow(NotFoundError);
    await expect(
      entities.readable(mockCredentials.user('user:default/alice'), {
        ...ref,
        name: 'plain',
      }),
    ).rejects.toThrow(/has no GitOps annotations: add gitops\/service/);
  });
});
