import {
  parseEntityRef,
  RELATION_OWNED_BY,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { useApiHolder } from '@backstage/core-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import useAsync from 'react-use/esm/useAsync';

/**
 * The owners of a catalog entity (its `ownedBy` relations, else
 * `spec.owner`), as entity refs; undefined while loading or when the app has
 * no catalog.
 */
export function useEntityOwners(entityRef: string): string[] | undefined {
  const catalogApi = useApiHolder().get(catalogApiRef);
  const { value } = useAsync(async () => {
    if (!catalogApi) return undefined;
    const entity = await catalogApi.getEntityByRef(entityRef);
    if (!entity) return [];
    const owners = (entity.relations ?? [])
      .filter(relation => relation.type === RELATION_OWNED_BY)
      .map(relation => relation.targetRef);
    if (owners.length > 0) return owners;
    const owner = entity.spec?.owner;
    if (typeof owner !== 'string') return [];
    return [
      stringifyEntityRef(
        parseEntityRef(owner, {
          defaultKind: 'group',
          defaultNamespace: entity.metadata.namespace ?? 'default',
        }),
      ),
    ];
  }, [catalogApi, entityRef]);
  return value;
}
