import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: EntityApplicationRef) =>
  api.getApplicationDiff(app);

/** Desired versus live state of an application's resources. */
export function useApplicationDiff(app: EntityApplicationRef) {
  return useApplicationResource(app, load);
}
