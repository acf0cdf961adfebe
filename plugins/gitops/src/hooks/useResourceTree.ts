import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: EntityApplicationRef) =>
  api.getResourceTree(app);

/** The resource tree of an application. */
export function useResourceTree(app: EntityApplicationRef) {
  return useApplicationResource(app, load);
}
