import { CustomErrorBase, ServiceUnavailableError } from '@backstage/errors';

/**
 * 413: what the caller asked for is larger than the suite lets through
 * (an ApplicationSet whose agent answer is over
 * `gitops.applicationSets.maxGenerateResponseBytes`). `@backstage/errors`
 * has no such class; Backstage's error handler answers an error's
 * `statusCode`, so routes and actions both answer 413 with its message.
 */
export class PayloadTooLargeError extends CustomErrorBase {
  name = 'PayloadTooLargeError' as const;

  readonly statusCode = 413;
}

/** How long a caller is asked to wait when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Error codes of a database that cannot be reached or is going away:
 * sockets (refused, reset, timed out), PostgreSQL's connection exceptions
 * (class 08), shutdowns (57P01-57P03) and too many connections (53300),
 * SQLite's busy and locked files.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/** Whether `error` says the database is unavailable (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  return (
    typeof e.message === 'string' &&
    /Connection terminated|Timeout acquiring a connection/i.test(e.message)
  );
}

/**
 * The error a caller gets for `error`, the same for routes and actions:
 * a database that is away becomes a 503 (`ServiceUnavailableError`) that
 * says so without the driver's details; anything else stays as it is
 * (agent failures carry their own status, see `GitOpsAgentError`).
 */
export function knownError(error: unknown): unknown {
  if (isDatabaseUnavailable(error)) {
    return new ServiceUnavailableError(
      `The GitOps database is unavailable; try again in ${DATABASE_RETRY_AFTER_SECONDS} s`,
    );
  }
  return error;
}
