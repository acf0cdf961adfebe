import type { ApplicationRef, GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: ApplicationRef) =>
  api.getApplicationDiff(app);

/** Desired versus live state of an application's resources. */
export function useApplicationDiff(app: ApplicationRef) {
  return useApplicationResource(app, load);
}
