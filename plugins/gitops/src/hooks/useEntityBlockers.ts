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
import { toEntityApplicationRef } from '../lib/entityApplicationRef';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';

/** Windows open and close on their schedules: read again this often. */
const WINDOWS_INTERVAL_MS = 60_000;

/**
 * Sync windows are read one application at a time; at most this many at
 * once, so the tab's other reads (resource trees, pull requests, the
 * catalog) do not wait behind hundreds of them for the browser's six
 * connections to the backend.
 */
const WINDOWS_CONCURRENCY = 4;

/**
 * What should make someone stop before acting on each of an entity's
 * applications (the matrix and the table), by application key: running
 * operations and failed hydrations as the applications are re-read, and
 * each application's sync windows, read once per application set and
 * again every minute (not on every refresh), a few at a time. An application whose windows
 * cannot be read is shown without them.
 */
export function useEntityBlockers(
  entityRef: string,
  applications: GitOpsApplication[],
): Map<string, ActionBlocker[]> {
  const api = useApi(gitopsApiRef);
  const refs = useMemo(
    () =>
      applications.map(app => ({
        key: app.key,
        ref: toEntityApplicationRef(entityRef, app),
      })),
    [entityRef, applications],
  );
  const keys = refs.map(r => r.key).join('\n');
  const windows = useAsyncRetry(async () => {
    const read = await mapWithConcurrency(
      refs,
      WINDOWS_CONCURRENCY,
      async ({ key, ref }) => {
        try {
          return [key, await api.getSyncWindows(ref)] as const;
        } catch {
          return [key, undefined] as const;
        }
      },
    );
    const byKey = new Map<string, SyncWindow[]>();
    for (const [key, items] of read) if (items) byKey.set(key, items);
    return byKey;
    // the windows are read again when the set of applications changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, keys]);
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
