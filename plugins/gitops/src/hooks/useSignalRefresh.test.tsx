import { TestApiProvider } from '@backstage/test-utils';
import { SignalApi, signalApiRef } from '@backstage/plugin-signals-react';
import { renderHook } from '@testing-library/react';
import { ReactNode } from 'react';
import { testSignalApi } from '../__testUtils__/signals';
import { useSignalRefresh } from './useSignalRefresh';

/** Renders a hook in an app where `signals` are installed. */
function withSignals(signals: SignalApi) {
  return ({ children }: { children: ReactNode }) => (
    <TestApiProvider apis={[[signalApiRef, signals]]}>
      {children}
    </TestApiProvider>
  );
}

describe('useSignalRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes on a signal of its channels and unsubscribes when done', () => {
    const signals = testSignalApi();
    const refresh = jest.fn();
    const wrapper = withSignals(signals.api);
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
    const signals = testSignalApi();
    const refresh = jest.fn();
    const wrapper = withSignals(signals.api);
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
