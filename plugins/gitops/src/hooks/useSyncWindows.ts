import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: EntityApplicationRef) =>
  api.getSyncWindows(app);

/** The sync windows that apply to an application. */
export function useSyncWindows(app: EntityApplicationRef) {
  return useApplicationResource(app, load);
}
