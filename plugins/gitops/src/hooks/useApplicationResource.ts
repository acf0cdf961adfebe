import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import { useApi } from '@backstage/core-plugin-api';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { GitOpsApi, gitopsApiRef } from '../api';

/**
 * Loads one per-application resource (resource tree, diff, sync windows,
 * events) on demand; `retry` reloads it, e.g. after an operation.
 */
export function useApplicationResource<T>(
  app: EntityApplicationRef,
  load: (api: GitOpsApi, app: EntityApplicationRef) => Promise<T>,
) {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  // `load` is a module-level function at every call site.
  return useAsyncRetry(
    () => load(api, { entityRef, agentId, name, namespace }),
    [api, entityRef, agentId, name, namespace, load],
  );
}
