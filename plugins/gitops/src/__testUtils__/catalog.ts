import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import type { CatalogApi } from '@backstage/plugin-catalog-react';

/** A catalog holding the given entities; only lookups by ref answer. */
export function catalogWith(entities: Entity[]): CatalogApi {
  const byRef = new Map(entities.map(e => [stringifyEntityRef(e), e]));
  const lookups: Pick<CatalogApi, 'getEntityByRef'> = {
    getEntityByRef: async ref =>
      byRef.get(typeof ref === 'string' ? ref : stringifyEntityRef(ref)),
  };
  return lookups as CatalogApi;
}
