import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  gitopsSignalChannels,
  type PromotionPullRequestList,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef, type GitOpsApi } from '../api';
import { sharedRead } from '../lib/sharedRead';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * One read of an entity's pull requests for the cards that ask together
 * (the Promotion card and the pull-request list mount together and refresh
 * on the same signal): each read asks the git host. Only a read still
 * running is shared, so a read after a merge is always a new one.
 */
const sharedPullRequests = sharedRead(0, (api: GitOpsApi, entityRef) =>
  api.getEntityPullRequests(entityRef),
);

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
    () => sharedPullRequests(api, entityRef),
    [api, entityRef],
    {
      intervalMs: options.intervalMs ?? 60_000,
      signals: [gitopsSignalChannels.entity(entityRef)],
      signalIntervalMs: 10_000,
    },
  );
  return { ...state, entityRef };
}
