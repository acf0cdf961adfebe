import { useEffect, useRef } from 'react';

/** How {@link usePolling} paces itself. */
export interface PollingOptions {
  /** The pause between refreshes while they succeed. */
  intervalMs?: number;
  /** The longest pause, reached by doubling after each failure. */
  maxIntervalMs?: number;
  /** Whether the last refresh failed (backs off while it does). */
  failed?: boolean;
  enabled?: boolean;
}

function isHidden(): boolean {
  return (
    typeof document !== 'undefined' && document.visibilityState === 'hidden'
  );
}

/**
 * Calls `refresh` periodically while the page is visible, backing off
 * exponentially while refreshes fail, and once more as soon as a hidden
 * page becomes visible again.
 */
export function usePolling(
  refresh: () => void,
  {
    intervalMs = 30_000,
    maxIntervalMs = 300_000,
    failed = false,
    enabled = true,
  }: PollingOptions = {},
): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const failures = useRef(0);

  useEffect(() => {
    failures.current = failed ? failures.current + 1 : 0;
  }, [failed]);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    function schedule() {
      clearTimeout(timer);
      const delay = Math.min(
        intervalMs * 2 ** Math.min(failures.current, 16),
        maxIntervalMs,
      );
      timer = setTimeout(tick, delay);
    }
    function tick() {
      if (!isHidden()) {
        refreshRef.current();
        schedule();
      }
    }
    const onVisibilityChange = () => {
      if (!isHidden()) {
        refreshRef.current();
        schedule();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    schedule();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled, intervalMs, maxIntervalMs]);
}
