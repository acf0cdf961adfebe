import { useApi } from '@backstage/core-plugin-api';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { ApplicationRef, GitOpsApi, gitopsApiRef } from '../api';

/**
 * Loads one per-application resource (resource tree, diff, sync windows,
 * events) on demand; `retry` reloads it, e.g. after an operation.
 */
export function useApplicationResource<T>(
  app: ApplicationRef,
  load: (api: GitOpsApi, app: ApplicationRef) => Promise<T>,
) {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  // `load` is a module-level function at every call site.
  return useAsyncRetry(
    () => load(api, { entityRef, agentId, name, namespace }),
    [api, entityRef, agentId, name, namespace, load],
  );
}
