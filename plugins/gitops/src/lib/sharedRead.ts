/**
 * Reads shared by the views that ask for the same thing at about the same
 * time (two cards of one tab refreshing on the same signal): a read still
 * running, or answered less than `reuseMs` ago, is answered to the next
 * caller with the same key instead of asking again. A failed read is not
 * kept. One instance per kind of read; keys are per API client.
 */
export function sharedRead<Client extends object, T>(
  reuseMs: number,
  read: (client: Client, key: string) => Promise<T>,
): (client: Client, key: string, now?: number) => Promise<T> {
  const reads = new WeakMap<
    Client,
    Map<string, { promise: Promise<T>; settledAt?: number }>
  >();
  return (client, key, now = Date.now()) => {
    let byKey = reads.get(client);
    if (!byKey) {
      byKey = new Map();
      reads.set(client, byKey);
    }
    const kept = byKey.get(key);
    if (
      kept &&
      (kept.settledAt === undefined || now - kept.settledAt < reuseMs)
    ) {
      return kept.promise;
    }
    const entry: { promise: Promise<T>; settledAt?: number } = {
      promise: read(client, key),
    };
    byKey.set(key, entry);
    entry.promise.then(
      () => {
        entry.settledAt = Date.now();
      },
      () => {
        if (byKey!.get(key) === entry) byKey!.delete(key);
      },
    );
    return entry.promise;
  };
}
