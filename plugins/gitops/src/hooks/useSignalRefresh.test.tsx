import { TestApiProvider } from '@backstage/test-utils';
import { SignalApi, signalApiRef } from '@backstage/plugin-signals-react';
import { renderHook } from '@testing-library/react';
import { ReactNode } from 'react';
import { useSignalRefresh } from './useSignalRefresh';

/** A signals API that delivers what the test sends, as the backend would. */
function signalsFrom() {
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
  const count = (channel: string) => subscribers.get(channel)?.size ?? 0;
  return { api, send, count };
}

describe('useSignalRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes on a signal of its channels and unsubscribes when done', () => {
    const signals = signalsFrom();
    const refresh = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[[signalApiRef, signals.api]]}>
        {children}
      </TestApiProvider>
    );
    const { result, unmount } = renderHook(
      () => useSignalRefresh(['gitops:entity:a', 'gitops:fleet'], refresh),
      { wrapper },
    );
    expect(result.current).toBe(true);
    signals.send('gitops:entity:a');
    signals.send('gitops:entity:b');
    expect(refresh).toHaveBeenCalledTimes(1);
    signals.send('gitops:fleet');
    expect(refresh).toHaveBeenCalledTimes(2);
    // one catch-up read once the subscription surely stands
    jest.advanceTimersByTime(7_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    unmount();
    expect(signals.count('gitops:entity:a')).toBe(0);
  });

  it('gives a burst one refresh at its start and one at its end', () => {
    const signals = signalsFrom();
    const refresh = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[[signalApiRef, signals.api]]}>
        {children}
      </TestApiProvider>
    );
    renderHook(
      () => useSignalRefresh(['gitops:fleet'], refresh, { minIntervalMs: 500 }),
      { wrapper },
    );
    for (let i = 0; i < 10; i++) signals.send('gitops:fleet');
    expect(refresh).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(500);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('says signals are not there when the app does not install them, so the caller polls', () => {
    const refresh = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[]}>{children}</TestApiProvider>
    );
    const { result } = renderHook(
      () => useSignalRefresh(['gitops:fleet'], refresh),
      { wrapper },
    );
    expect(result.current).toBe(false);
  });
});
