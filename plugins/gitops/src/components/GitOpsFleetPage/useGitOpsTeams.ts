import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import { RELATION_OWNED_BY } from '@backstage/catalog-model';
import { useApiHolder } from '@backstage/core-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import {
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APPLICATIONSET,
  GITOPS_ANNOTATION_SERVICE,
} from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';

/** The annotations that make an entity GitOps-enabled. */
const GITOPS_ANNOTATIONS = [
  GITOPS_ANNOTATION_SERVICE,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APPLICATIONSET,
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
];

/**
 * The teams that own GitOps-enabled catalog entities (their `ownedBy`
 * relations), as entity refs, sorted: what the Audit view's team filter
 * offers. One catalog query; empty while loading or without a catalog.
 */
export function useGitOpsTeams(): string[] {
  const catalogApi = useApiHolder().get(catalogApiRef);
  const { value } = useAsync(async () => {
    if (!catalogApi) return [];
    const { items } = await catalogApi.getEntities({
      // a list of filters is their union
      filter: GITOPS_ANNOTATIONS.map(annotation => ({
        [`metadata.annotations.${annotation}`]: CATALOG_FILTER_EXISTS,
      })),
      fields: ['relations'],
    });
    const owners = new Set<string>();
    for (const entity of items) {
      for (const relation of entity.relations ?? []) {
        if (relation.type === RELATION_OWNED_BY) owners.add(relation.targetRef);
      }
    }
    return [...owners].sort();
  }, [catalogApi]);
  return value ?? [];
}
