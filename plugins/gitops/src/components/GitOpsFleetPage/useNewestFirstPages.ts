import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows the audit views ask for at once. */
export const AUDIT_PAGE_SIZE = 50;

interface Pages<T> {
  items: T[];
  loading: boolean;
  error?: Error;
  /** Whether an older page may follow (the last one was full). */
  more: boolean;
}

/**
 * The pages of a newest-first list read so far (`/audit`, `/drift`): the
 * first on mount and whenever `key` (the filter) changes, the next on
 * `loadMore`, from `before` the last row's `startedAt`, as the API pages.
 */
export function useNewestFirstPages<T extends { startedAt: string }>(
  read: (page: { before?: string; limit: number }) => Promise<T[]>,
  key: string,
) {
  const [pages, setPages] = useState<Pages<T>>({
    items: [],
    loading: true,
    more: false,
  });
  const readRef = useRef(read);
  readRef.current = read;
  // the answer of a filter no longer shown is dropped
  const generation = useRef(0);

  const load = useCallback(
    async (before: string | undefined, reset: boolean) => {
      const mine = ++generation.current;
      setPages(current => ({
        items: reset ? [] : current.items,
        loading: true,
        more: reset ? false : current.more,
      }));
      try {
        const page = await readRef.current({ before, limit: AUDIT_PAGE_SIZE });
        if (mine !== generation.current) return;
        setPages(current => ({
          items: [...(reset ? [] : current.items), ...page],
          loading: false,
          more: page.length === AUDIT_PAGE_SIZE,
        }));
      } catch (error) {
        if (mine !== generation.current) return;
        setPages(current => ({
          ...current,
          loading: false,
          error: error as Error,
        }));
      }
    },
    [],
  );

  useEffect(() => {
    load(undefined, true);
  }, [key, load]);

  const loadMore = useCallback(() => {
    const last = pages.items[pages.items.length - 1];
    if (last) load(last.startedAt, false);
  }, [load, pages.items]);

  return { ...pages, loadMore };
}
