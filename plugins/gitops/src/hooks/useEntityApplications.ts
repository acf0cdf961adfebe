import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import type { EntityApplicationsResponse } from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * The GitOps applications of the current entity, by environment in
 * promotion order, refreshed in the background while the page is visible.
 */
export function useEntityApplications(
  options: { intervalMs?: number; enabled?: boolean } = {},
): LiveAsyncState<EntityApplicationsResponse> & { entityRef: string } {
  const { entity } = useEntity();
  const api = useApi(gitopsApiRef);
  const entityRef = stringifyEntityRef(entity);
  const state = useLiveAsync(
    () => api.getEntityApplications(entityRef),
    [api, entityRef],
    options,
  );
  return { ...state, entityRef };
}
