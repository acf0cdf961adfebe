import { mockCredentials } from '@backstage/backend-test-utils';
import { NotAllowedError } from '@backstage/errors';
import { CachedEntityLookup } from '../catalog/CachedEntityLookup';
import { GitOpsService } from './GitOpsService';
import { readableEntity } from './readableEntity';

/*
 * Every read of an entity's applications tells the signals publisher who
 * read it once `gitops.application.read` is allowed, and that a refused
 * user no longer may: an entity's change notices go to its readers only.
 */
describe('readableEntity', () => {
  const entityRef = 'component:default/payments';
  const ref = { kind: 'component', namespace: 'default', name: 'payments' };

  function context(allowed: boolean) {
    const entityLookup = new CachedEntityLookup({} as any, { ttlMs: 0 });
    const reads: Array<[string, string, boolean]> = [];
    entityLookup.onRead((entity, user, ok) => reads.push([entity, user, ok]));
    const ctx = {
      deps: { entityLookup },
      entityByRef: async () => ({ entity: {}, entityRef, query: {} }),
      authorizeEntity: async () => {
        if (!allowed) throw new NotAllowedError('Not allowed');
      },
    } as unknown as GitOpsService;
    return { ctx, reads };
  }

  it('reports an allowed read as the reader of the entity', async () => {
    const { ctx, reads } = context(true);
    await readableEntity(ctx, mockCredentials.user('user:default/alice'), ref);
    expect(reads).toEqual([[entityRef, 'user:default/alice', true]]);
  });

  it('reports a refused read, and refuses it', async () => {
    const { ctx, reads } = context(false);
    await expect(
      readableEntity(ctx, mockCredentials.user('user:default/mallory'), ref),
    ).rejects.toThrow(NotAllowedError);
    expect(reads).toEqual([[entityRef, 'user:default/mallory', false]]);
  });
});
