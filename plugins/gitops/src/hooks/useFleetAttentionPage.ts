import { useApi } from '@backstage/core-plugin-api';
import {
  gitopsSignalChannels,
  type FleetApplicationFilter,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback, useMemo, useState } from 'react';
import { gitopsApiRef, type GitOpsApi } from '../api';
import { useLiveAsync } from './useLiveAsync';

/** How many applications that need attention a page of the fleet shows. */
export const ATTENTION_PAGE_SIZE = 20;

/**
 * One page of the applications `filter` selects that need attention, as
 * the fleet page shows it: at most `ATTENTION_PAGE_SIZE` from `cursor`,
 * with the total the filter selects and the cursor of the next page.
 */
export function readAttentionPage(
  api: Pick<GitOpsApi, 'getFleetApplicationsPage'>,
  filter: FleetApplicationFilter,
  cursor?: string,
) {
  return api.getFleetApplicationsPage(
    { ...filter, attention: true },
    { limit: ATTENTION_PAGE_SIZE, ...(cursor !== undefined && { cursor }) },
  );
}

/**
 * The page of {@link readAttentionPage} the fleet page shows, and the
 * means to move to the next and the previous one. The cursors of the pages
 * before are kept, so going back asks for the same position again; a new
 * filter starts at the first page. The page is re-read when the backend
 * signals a change in the fleet (polled where signals are not installed).
 */
export function useFleetAttentionPage(
  filter: FleetApplicationFilter,
  options: { intervalMs?: number } = {},
) {
  const api = useApi(gitopsApiRef);
  const key = JSON.stringify(filter);
  // the cursors of the pages read so far under `key`, the first one's none
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({
    key,
    cursors: [],
  });
  const cursors = useMemo(
    () => (trail.key === key ? trail.cursors : []),
    [trail, key],
  );
  const cursor = cursors[cursors.length - 1];
  const page = useLiveAsync(
    () => readAttentionPage(api, filter, cursor),
    // `key` stands for `filter`, which is rebuilt on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, key, cursor],
    {
      intervalMs: options.intervalMs ?? 60_000,
      signals: [gitopsSignalChannels.fleet],
      // the whole fleet changes often: at most one re-read per half second
      signalIntervalMs: 500,
    },
  );
  const nextCursor = page.value?.nextCursor;
  const next = useCallback(() => {
    if (nextCursor === undefined) return;
    setTrail({ key, cursors: [...cursors, nextCursor] });
  }, [key, cursors, nextCursor]);
  const previous = useCallback(() => {
    setTrail({ key, cursors: cursors.slice(0, -1) });
  }, [key, cursors]);
  return {
    ...page,
    /** Zero-based: how many pages come before this one. */
    pageIndex: cursors.length,
    next: nextCursor !== undefined ? next : undefined,
    previous: cursors.length > 0 ? previous : undefined,
  };
}
