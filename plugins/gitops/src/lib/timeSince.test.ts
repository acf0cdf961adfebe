import { timeSince } from './timeSince';

describe('timeSince', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it.each([
    ['2024-05-01T11:59:30Z', 'just now'],
    ['2024-05-01T11:55:00Z', '5m ago'],
    ['2024-05-01T09:00:00Z', '3h ago'],
    ['2024-04-28T12:00:00Z', '3d ago'],
  ])('%s -> %s', (timestamp, expected) => {
    expect(timeSince(timestamp, now)).toBe(expected);
  });

  it('is undefined without a readable timestamp', () => {
    expect(timeSince(undefined, now)).toBeUndefined();
    expect(timeSince('yesterday', now)).toBeUndefined();
  });
});
