import type { SignalApi } from '@backstage/plugin-signals-react';

/** A signals API that delivers what the test sends, as the backend would. */
export function testSignalApi() {
  const subscribers = new Map<string, Set<(m: { type: string }) => void>>();
  const api: SignalApi = {
    subscribe: (channel, onMessage) => {
      const set = subscribers.get(channel) ?? new Set();
      const listener = onMessage as unknown as (m: { type: string }) => void;
      set.add(listener);
      subscribers.set(channel, set);
      return { unsubscribe: () => set.delete(listener) };
    },
  };
  const send = (channel: string) =>
    subscribers.get(channel)?.forEach(l => l({ type: 'changed' }));
  /** How many subscribe to `channel` now. */
  const count = (channel: string) => subscribers.get(channel)?.size ?? 0;
  return { api, send, count };
}
