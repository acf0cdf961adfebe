/**
 * A timestamp as the engines hand it back: `Date` from pg and mysql2, epoch
 * milliseconds from better-sqlite3 (knex binds `Date` as `valueOf()`), and a
 * string for values written by anything else.
 */
export type DbTimestamp = Date | number | string;

/** Normalizes a timestamp read from any engine to an ISO 8601 UTC string. */
export function toIsoTimestamp(value: DbTimestamp): string {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else if (/^\d+$/.test(value)) {
    date = new Date(Number(value));
  } else {
    // SQL text such as '2026-11-22 10:00:00' carries no zone and means UTC.
    const hasZone = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(value);
    const text = value.includes('T') ? value : value.replace(' ', 'T');
    date = new Date(hasZone ? text : `${text}Z`);
  }
  if (Number.isNaN(date.getTime())) {
    throw new Error(`Invalid timestamp in the database: '${String(value)}'`);
  }
  return date.toISOString();
}

/** Rows per statement in bulk writes, well below every engine's bind limit. */
export const BATCH_SIZE = 200;

/** `items` in slices of at most `size`. */
export function chunk<T>(items: T[], size: number = BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    batches.push(items.slice(i, i + size));
  }
  return batches;
}
