import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import { useEffect, useRef } from 'react';

/** After the signal client's reconnect timeout (5 s) and its connect wait. */
const CATCH_UP_MS = 7_000;

/**
 * Calls `refresh` whenever the backend signals a change on one of
 * `channels` (Backstage signals, see `gitopsSignalChannels`), at most once
 * per `minIntervalMs` (a burst of signals gives one refresh at its start
 * and one at its end). Returns whether signals are installed in the app:
 * when they are not, the caller falls back to polling.
 */
export function useSignalRefresh(
  channels: readonly string[],
  refresh: () => void,
  options: { enabled?: boolean; minIntervalMs?: number } = {},
): boolean {
  const { enabled = true, minIntervalMs = 0 } = options;
  const signals = useApiHolder().get(signalApiRef);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const key = channels.join('\n');

  useEffect(() => {
    if (!signals || !enabled || !key) return undefined;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      last = Date.now();
      refreshRef.current();
    };
    const onSignal = () => {
      if (timer) return;
      const wait = last + minIntervalMs - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    };
    const subscriptions = key
      .split('\n')
      .map(channel => signals.subscribe(channel, onSignal));
    // Backstage's signal client subscribes once its connection is up; a
    // connection torn down while opening is retried after its reconnect
    // timeout (5 s), and what was signalled meanwhile is lost: one catch-up
    // read once the subscription surely stands
    const catchUp = setTimeout(onSignal, CATCH_UP_MS);
    return () => {
      clearTimeout(catchUp);
      clearTimeout(timer);
      subscriptions.forEach(s => s.unsubscribe());
    };
  }, [signals, enabled, key, minIntervalMs]);

  return Boolean(signals) && key.length > 0;
}
