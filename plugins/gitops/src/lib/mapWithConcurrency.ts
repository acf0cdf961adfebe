/**
 * Maps items with at most `limit` calls of `fn` running at once, answering
 * in the items' order. A page that reads one thing per application (sync
 * windows) keeps the browser's few connections per host free for its other
 * reads instead of queueing them behind hundreds of its own.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane),
  );
  return results;
}
