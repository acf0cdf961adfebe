import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi } from '../api';
import { useApplicationResource } from './useApplicationResource';

const load = (api: GitOpsApi, app: EntityApplicationRef) =>
  api.getApplicationEvents(app);

/** The audit entries and drift events of an application. */
export function useApplicationEvents(app: EntityApplicationRef) {
  return useApplicationResource(app, load);
}
