import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { ApplicationRef, gitopsApiRef } from '../api';

/** The commit metadata and signature state of one revision. */
export function useRevisionMetadata(
  app: ApplicationRef,
  revision: string | undefined,
) {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  return useAsync(async () => {
    if (!revision) {
      return undefined;
    }
    return api.getRevisionMetadata(
      { entityRef, agentId, name, namespace },
      revision,
    );
  }, [api, entityRef, agentId, name, namespace, revision]);
}
