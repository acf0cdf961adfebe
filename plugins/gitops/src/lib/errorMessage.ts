import { ResponseError } from '@backstage/errors';

const RAW_BODY = /^Request failed with status \d+[^,]*, ([\s\S]*)$/;

/**
 * `ResponseError.fromResponse` keeps a JSON body that lacks Backstage's
 * `response` field as raw text; digs the `error.message` out of it.
 */
function messageFromRawBody(message: string): string | undefined {
  const match = RAW_BODY.exec(message);
  if (!match) {
    return undefined;
  }
  try {
    const body = JSON.parse(match[1]);
    const inner = body?.error?.message;
    return typeof inner === 'string' ? inner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message a user should read for a failed call: the agent's or the
 * backend's own message when the response carried one.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ResponseError) {
    const cause = error.cause?.message;
    if (!cause) {
      return error.message;
    }
    return messageFromRawBody(cause) ?? cause;
  }
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}

/** Whether a failed call was answered with the given HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ResponseError && error.statusCode === status;
}
