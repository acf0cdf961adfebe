import { useApi } from '@backstage/core-plugin-api';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { gitopsApiRef } from '../api';

/** The ApplicationSets behind an entity's applications. */
export function useEntityApplicationSets(entityRef: string) {
  const api = useApi(gitopsApiRef);
  return useAsyncRetry(
    () => api.getEntityApplicationSets(entityRef),
    [api, entityRef],
  );
}
