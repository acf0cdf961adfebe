import { actionBlockers } from '@gitops-suite/plugin-gitops-common';
import type {
  ActionBlocker,
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { useMemo } from 'react';
import { useSyncWindows } from './useSyncWindows';

/**
 * What should make someone stop before acting on one application (the
 * drawer): its running operation and hydration as it is re-read, and its
 * sync windows, read as the drawer opens. Windows that cannot be read
 * count as none: the agent still refuses a denied sync.
 */
export function useApplicationBlockers(
  app: EntityApplicationRef,
  application: GitOpsApplication,
): ActionBlocker[] {
  const windows = useSyncWindows(app);
  return useMemo(
    () => actionBlockers(application, windows.value),
    [application, windows.value],
  );
}
