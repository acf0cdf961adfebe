const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const DAY_MS = 86_400_000;
const dayPrefixes = new Map<number, string>();

/**
 * An RFC 3339 timestamp with second precision, as Kubernetes writes them
 * (`2025-06-01T12:00:00Z`). Fast: the date part is cached per day.
 */
export function isoSeconds(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const day = Math.floor(seconds / 86_400);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const inDay = seconds - day * 86_400;
  const h = Math.floor(inDay / 3600);
  const m = Math.floor((inDay % 3600) / 60);
  return `${prefix}${TWO[h]}:${TWO[m]}:${TWO[inDay % 60]}Z`;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
