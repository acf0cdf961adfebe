import type { ApplicationRef, GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: ApplicationRef) =>
  api.getApplicationEvents(app);

/** The audit entries and drift events of an application. */
export function useApplicationEvents(app: ApplicationRef) {
  return useApplicationResource(app, load);
}
