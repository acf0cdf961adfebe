import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/** The commit metadata and signature state of one revision. */
export function useRevisionMetadata(
  app: EntityApplicationRef,
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
