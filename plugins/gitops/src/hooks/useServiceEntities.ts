import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApiHolder } from '@backstage/core-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import { GITOPS_ANNOTATION_SERVICE } from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';

/**
 * The catalog entities annotated with each GitOps service
 * (`gitops/service`), in one catalog query: the entities that own the
 * fleet's applications. Empty while loading or without a catalog.
 */
export function useServiceEntities(services: string[]): Map<string, string[]> {
  const catalogApi = useApiHolder().get(catalogApiRef);
  const key = [...new Set(services)].sort().join(',');
  const { value } = useAsync(async () => {
    const wanted = key ? key.split(',') : [];
    const found = new Map<string, string[]>();
    if (!catalogApi || wanted.length === 0) return found;
    const annotation = `metadata.annotations.${GITOPS_ANNOTATION_SERVICE}`;
    const { items } = await catalogApi.getEntities({
      filter: { [annotation]: wanted },
      fields: ['kind', 'metadata.namespace', 'metadata.name', annotation],
    });
    for (const entity of items) {
      const service = entity.metadata.annotations?.[GITOPS_ANNOTATION_SERVICE];
      if (!service) continue;
      found.set(service, [
        ...(found.get(service) ?? []),
        stringifyEntityRef(entity),
      ]);
    }
    return found;
  }, [catalogApi, key]);
  return value ?? new Map();
}
