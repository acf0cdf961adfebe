import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/** The ApplicationSets behind an entity's applications. */
export function useEntityApplicationSets(entityRef: string) {
  const api = useApi(gitopsApiRef);
  return useAsync(
    () => api.getEntityApplicationSets(entityRef),
    [api, entityRef],
  );
}
