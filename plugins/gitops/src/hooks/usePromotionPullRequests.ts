import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  gitopsSignalChannels,
  type PromotionPullRequestList,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * The open promotion pull requests of the current entity's repositories,
 * read again when the entity's applications change (a merge moves them),
 * at most every 10 s, since each read asks the git host.
 */
export function usePromotionPullRequests(
  options: { intervalMs?: number } = {},
): LiveAsyncState<PromotionPullRequestList> & { entityRef: string } {
  const { entity } = useEntity();
  const api = useApi(gitopsApiRef);
  const entityRef = stringifyEntityRef(entity);
  const state = useLiveAsync(
    () => api.getEntityPullRequests(entityRef),
    [api, entityRef],
    {
      intervalMs: options.intervalMs ?? 60_000,
      signals: [gitopsSignalChannels.entity(entityRef)],
      signalIntervalMs: 10_000,
    },
  );
  return { ...state, entityRef };
}
