import type { ApplicationRef, GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: ApplicationRef) => api.getResourceTree(app);

/** The resource tree of an application. */
export function useResourceTree(app: ApplicationRef) {
  return useApplicationResource(app, load);
}
