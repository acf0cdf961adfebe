import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  gitopsSignalChannels,
  type EntityApplicationsResponse,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * The GitOps applications of the current entity, by environment in
 * promotion order, re-read when the backend signals a change to them
 * (polled while the page is visible where signals are not installed).
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
    { ...options, signals: [gitopsSignalChannels.entity(entityRef)] },
  );
  return { ...state, entityRef };
}
