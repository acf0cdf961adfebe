import { useApi } from '@backstage/core-plugin-api';
import { gitopsSignalChannels } from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/**
 * The ApplicationSets behind an entity's applications, re-read when the
 * backend signals a change on the entity's channel (a set's rollout moving
 * is one); polled while visible where signals are not installed.
 */
export function useEntityApplicationSets(entityRef: string) {
  const api = useApi(gitopsApiRef);
  return useLiveAsync(
    () => api.getEntityApplicationSets(entityRef),
    [api, entityRef],
    { signals: [gitopsSignalChannels.entity(entityRef)] },
  );
}
