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

/**
 * A service component in production, `owner`'s (team-a), claiming GitOps
 * applications by `annotations`.
 */
export function serviceComponent(
  name: string,
  options: { owner?: string; annotations?: Record<string, string> } = {},
): Entity {
  const { owner = 'team-a', annotations } = options;
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      ...(annotations && { annotations }),
    },
    spec: { type: 'service', owner, lifecycle: 'production' },
  };
}
