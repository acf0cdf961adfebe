const UNITS: Array<[string, number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
];

/**
 * A compact "time since" for an ISO 8601 timestamp: `just now`, `5m ago`,
 * `3h ago`, `2d ago`. Undefined for a missing or unreadable timestamp.
 */
export function timeSince(
  timestamp: string | undefined,
  now: number = Date.now(),
): string | undefined {
  if (!timestamp) {
    return undefined;
  }
  const then = Date.parse(timestamp);
  if (Number.isNaN(then)) {
    return undefined;
  }
  const elapsed = Math.max(0, now - then);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) {
      return `${Math.floor(elapsed / size)}${unit} ago`;
    }
  }
  return 'just now';
}

/** A timestamp as the user's locale writes it. */
export function formatTimestamp(timestamp: string | undefined): string {
  if (!timestamp) {
    return '';
  }
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleString();
}
