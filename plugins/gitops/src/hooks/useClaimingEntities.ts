import { CATALOG_FILTER_EXISTS, CatalogApi } from '@backstage/catalog-client';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApiHolder } from '@backstage/core-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import {
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
  createApplicationMatcher,
  getGitOpsEntityQuery,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APPLICATIONSET,
  GITOPS_ANNOTATION_SERVICE,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';

/** The annotations that select applications by something other than service. */
const SELECTING_ANNOTATIONS = [
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APPLICATIONSET,
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
];

/**
 * The catalog entities that claim each application, by `app.key`: every
 * annotation the suite supports (`gitops/service`, the app name and label
 * selector annotations of this suite and of the Argo CD plugins,
 * `gitops/applicationset`), matched by the same rule the backend uses
 * (`createApplicationMatcher` over `getGitOpsEntityQuery`). One catalog
 * query: entities of the applications' services, or with a selecting
 * annotation.
 */
export async function readClaimingEntities(
  catalogApi: CatalogApi,
  applications: readonly GitOpsApplication[],
): Promise<Map<string, string[]>> {
  const claims = new Map<string, string[]>();
  if (applications.length === 0) return claims;
  const services = [
    ...new Set(applications.flatMap(app => (app.service ? [app.service] : []))),
  ].sort();
  const { items } = await catalogApi.getEntities({
    // a list of filters is their union
    filter: [
      ...(services.length
        ? [
            {
              [`metadata.annotations.${GITOPS_ANNOTATION_SERVICE}`]: services,
            },
          ]
        : []),
      ...SELECTING_ANNOTATIONS.map(annotation => ({
        [`metadata.annotations.${annotation}`]: CATALOG_FILTER_EXISTS,
      })),
    ],
    fields: [
      'kind',
      'metadata.namespace',
      'metadata.name',
      'metadata.annotations',
    ],
  });
  for (const entity of items) {
    let query;
    try {
      query = getGitOpsEntityQuery(entity);
    } catch {
      // a malformed annotation claims nothing, as in the backend
      continue;
    }
    if (!query) continue;
    const matches = createApplicationMatcher(query);
    const ref = stringifyEntityRef(entity);
    for (const app of applications) {
      if (!matches(app)) continue;
      claims.set(app.key, [...(claims.get(app.key) ?? []), ref]);
    }
  }
  return claims;
}

/**
 * {@link readClaimingEntities} as a hook: empty while loading or without a
 * catalog.
 */
export function useClaimingEntities(
  applications: GitOpsApplication[],
): Map<string, string[]> {
  const catalogApi = useApiHolder().get(catalogApiRef);
  const { value } = useAsync(
    async () =>
      catalogApi ? readClaimingEntities(catalogApi, applications) : new Map(),
    // the applications' keys and services decide the answer
    [catalogApi, applications],
  );
  return value ?? new Map();
}
