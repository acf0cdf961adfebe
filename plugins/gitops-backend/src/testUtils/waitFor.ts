/**
 * Polls `probe` every 100 ms until it answers something other than
 * undefined, and answers that; a probe that throws is tried again. After
 * `timeoutMs` it fails naming `what` and the last error.
 * @public
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${last}` : ''}`);
}
