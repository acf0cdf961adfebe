import { mapWithConcurrency } from './mapWithConcurrency';

/** A call that stays open until the test settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>(r => (resolve = r));
  return { promise, resolve };
}

describe('mapWithConcurrency', () => {
  it('runs at most `limit` calls at once and answers in the items order', async () => {
    const calls = [1, 2, 3, 4, 5].map(() => deferred<string>());
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const third = deferred<void>();
    const thirdStarted = third.promise;
    const result = mapWithConcurrency([1, 2, 3, 4, 5], 2, async (item, i) => {
      started.push(item);
      if (started.length === 3) third.resolve();
      running += 1;
      most = Math.max(most, running);
      const value = await calls[i].promise;
      running -= 1;
      return value;
    });
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    // settled out of order: the third call starts once a lane frees
    calls[1].resolve('b');
    await thirdStarted;
    expect(started).toEqual([1, 2, 3]);
    calls[0].resolve('a');
    calls[2].resolve('c');
    calls[3].resolve('d');
    calls[4].resolve('e');
    await expect(result).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
  });

  it('answers an empty list without calling', async () => {
    const fn = jest.fn();
    await expect(mapWithConcurrency([], 4, fn)).resolves.toEqual([]);
    expect(fn).not.toHaveBeenCalled();
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapWithConcurrency([1, 2, 3], 2, async item => {
        if (item === 2) throw new Error('boom');
        return item;
      }),
    ).rejects.toThrow('boom');
  });
});
