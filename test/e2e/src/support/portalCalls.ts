/**
 * Polls until the value satisfies the predicate; returns the last value. A
 * read that throws (a kept-alive connection the backend closed meanwhile)
 * is tried again; the last error is thrown when time runs out.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (value !== undefined && (done(value) || Date.now() > deadline)) {
      return value;
    }
    await new Promise(r => setTimeout(r, 500));
  }
}

/** The guest's token, for checking what the portal's API answers. */
export async function guestToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh?env=development`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = await res.json();
  return body.backstageIdentity.token;
}
