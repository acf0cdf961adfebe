import { useApi } from '@backstage/core-plugin-api';
import { actionBlockers } from '@gitops-suite/plugin-gitops-common';
import type {
  ActionBlocker,
  GitOpsApplication,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import { useEffect, useMemo } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { gitopsApiRef } from '../api';

/** Windows open and close on their schedules: read again this often. */
const WINDOWS_INTERVAL_MS = 60_000;

/**
 * What should make someone stop before acting on each of an entity's
 * applications (the matrix and the table), by application key: running
 * operations and failed hydrations as the applications are re-read, and
 * each application's sync windows, read for the whole entity in one
 * request (the backend asks the agents a few at a time), again when the
 * set of applications changes and every minute (not on every refresh). An
 * application whose windows cannot be read is shown without them.
 */
export function useEntityBlockers(
  entityRef: string,
  applications: GitOpsApplication[],
): Map<string, ActionBlocker[]> {
  const api = useApi(gitopsApiRef);
  const keys = applications.map(app => app.key).join('\n');
  const windows = useAsyncRetry(async () => {
    // nothing to read before the entity's applications are known
    if (!keys) return new Map<string, SyncWindow[]>();
    const { items } = await api.getEntitySyncWindows(entityRef);
    return new Map<string, SyncWindow[]>(
      items.map(item => [item.key, item.windows]),
    );
    // the windows are read again when the set of applications changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, entityRef, keys]);
  const { retry } = windows;
  useEffect(() => {
    const timer = setInterval(retry, WINDOWS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [retry]);
  return useMemo(
    () =>
      new Map(
        applications.map(app => [
          app.key,
          actionBlockers(app, windows.value?.get(app.key)),
        ]),
      ),
    [applications, windows.value],
  );
}
