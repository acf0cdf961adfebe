import type { ApplicationRef, GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: ApplicationRef) => api.getSyncWindows(app);

/** The sync windows that apply to an application. */
export function useSyncWindows(app: ApplicationRef) {
  return useApplicationResource(app, load);
}
