import { DependencyList, useRef } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { usePolling } from './usePolling';
import { useSignalRefresh } from './useSignalRefresh';

/** The state of a value loaded and kept fresh by {@link useLiveAsync}. */
export interface LiveAsyncState<T> {
  /** The last value loaded, kept while a refresh runs or fails. */
  value?: T;
  /** True only while nothing has loaded yet. */
  loading: boolean;
  /** The error of the last attempt, when it failed. */
  error?: Error;
  retry: () => void;
}

/**
 * Loads a value, then refreshes it whenever the backend signals a change
 * on one of `signals` (Backstage signals); where signals are not installed
 * (or no channel is given), in the background while the page is visible
 * (see {@link usePolling}). The last value stays on screen while a refresh
 * runs, so views do not flicker.
 */
export function useLiveAsync<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  options: {
    intervalMs?: number;
    enabled?: boolean;
    /** Signal channels that announce a change of the value. */
    signals?: string[];
    /** Re-read at most this often on signals (busy channels). */
    signalIntervalMs?: number;
  } = {},
): LiveAsyncState<T> {
  const state = useAsyncRetry(load, deps);
  const last = useRef<{ deps: DependencyList; value: T } | undefined>();
  const sameDeps =
    last.current !== undefined &&
    last.current.deps.length === deps.length &&
    last.current.deps.every((dep, i) => Object.is(dep, deps[i]));
  if (state.value !== undefined) {
    last.current = { deps, value: state.value };
  } else if (!sameDeps) {
    last.current = undefined;
  }
  const enabled = options.enabled ?? true;
  const pushed = useSignalRefresh(options.signals ?? [], state.retry, {
    enabled,
    minIntervalMs: options.signalIntervalMs,
  });
  usePolling(state.retry, {
    intervalMs: options.intervalMs,
    enabled: enabled && !pushed,
    failed: state.error !== undefined,
  });
  const value = state.value ?? last.current?.value;
  return {
    value,
    loading: state.loading && value === undefined,
    error: state.error,
    retry: state.retry,
  };
}
