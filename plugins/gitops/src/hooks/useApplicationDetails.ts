import { useApi } from '@backstage/core-plugin-api';
import {
  gitopsSignalChannels,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { ApplicationRef, gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/** One application in full (history, operation), re-read when it changes. */
export function useApplicationDetails(
  app: ApplicationRef,
  options: { intervalMs?: number } = {},
): LiveAsyncState<GitOpsApplication> {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  return useLiveAsync(
    () => api.getApplication({ entityRef, agentId, name, namespace }),
    [api, entityRef, agentId, name, namespace],
    {
      intervalMs: options.intervalMs ?? 15_000,
      // its own channel; its entity's too (a load or resync that changes
      // many applications signals only the entities)
      signals: [
        gitopsSignalChannels.application(agentId, name),
        gitopsSignalChannels.entity(entityRef),
      ],
    },
  );
}
