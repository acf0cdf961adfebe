import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter that names the application whose drawer is open. */
export const SELECTED_APPLICATION_PARAM = 'application';

/**
 * The application whose drawer is open, kept in the page's URL
 * (`?application=<key>`), so a drawer can be linked, reloaded and closed
 * with the browser's Back. Opening pushes a history entry; closing goes
 * back to the URL without it. A key that names none of `items` (an
 * application gone, or not loaded yet) opens nothing.
 */
export function useSelectedApplication<T extends { key: string }>(
  items: readonly T[],
): [T | undefined, (item: T | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.get(SELECTED_APPLICATION_PARAM);
  const selected = useMemo(
    () => (key ? items.find(item => item.key === key) : undefined),
    [items, key],
  );
  const select = useCallback(
    (item: T | undefined) =>
      setParams(
        current => {
          const next = new URLSearchParams(current);
          if (item) next.set(SELECTED_APPLICATION_PARAM, item.key);
          else next.delete(SELECTED_APPLICATION_PARAM);
          return next;
        },
        { replace: !item },
      ),
    [setParams],
  );
  return [selected, select];
}
