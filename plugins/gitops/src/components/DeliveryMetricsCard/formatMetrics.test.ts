import { formatDuration, formatFrequency, formatRate } from './formatMetrics';
import { devMetrics, prodMetrics } from '../../__testUtils__/deliveryFixtures';

describe('formatMetrics', () => {
  it.each([
    [undefined, '—'],
    [45, '45s'],
    [278, '5m'],
    [1505, '25m'],
    [3600, '1h'],
    [12000, '3h 20m'],
    [90000, '1d 1h'],
    [172800, '2d'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('formats frequencies and rates', () => {
    expect(formatFrequency(prodMetrics)).toBe('0.9/week');
    expect(formatFrequency({ ...devMetrics, deploymentsPerDay: 2.5 })).toBe(
      '2.5/day',
    );
    expect(formatFrequency({ ...devMetrics, deployments: 0 })).toBe('none');
    expect(formatRate(0.1429)).toBe('14%');
    expect(formatRate(undefined)).toBe('—');
  });
});
