import { renderHook } from '@testing-library/react';
import { usePolling } from './usePolling';

describe('usePolling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => state,
    });
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('refreshes on an interval while visible', () => {
    const refresh = jest.fn();
    renderHook(() => usePolling(refresh, { intervalMs: 1000 }));
    jest.advanceTimersByTime(3100);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('pauses while hidden and refreshes once visible again', () => {
    const refresh = jest.fn();
    renderHook(() => usePolling(refresh, { intervalMs: 1000 }));
    setVisibility('hidden');
    jest.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('backs off while refreshes fail', () => {
    const refresh = jest.fn();
    renderHook(() => usePolling(refresh, { intervalMs: 1000, failed: true }));
    jest.advanceTimersByTime(1500);
    expect(refresh).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(600);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('stops when unmounted or disabled', () => {
    const refresh = jest.fn();
    const { unmount } = renderHook(() =>
      usePolling(refresh, { intervalMs: 1000 }),
    );
    unmount();
    renderHook(() => usePolling(refresh, { intervalMs: 1000, enabled: false }));
    jest.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
