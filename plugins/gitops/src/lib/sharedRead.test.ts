import { sharedRead } from './sharedRead';

describe('sharedRead', () => {
  const client = {};

  it('answers callers asking while a read runs, or shortly after, from that read', async () => {
    let reads = 0;
    let release!: (value: string) => void;
    const read = sharedRead(2_000, async (_c: object, key: string) => {
      reads++;
      return new Promise<string>(resolve => {
        release = value => resolve(`${key}:${value}`);
      });
    });
    const first = read(client, 'component:default/a');
    const second = read(client, 'component:default/a');
    release('1');
    expect(await first).toBe('component:default/a:1');
    expect(await second).toBe('component:default/a:1');
    expect(reads).toBe(1);

    // shortly after: the same answer; later: a new read
    expect(await read(client, 'component:default/a')).toBe(
      'component:default/a:1',
    );
    const later = read(client, 'component:default/a', Date.now() + 2_001);
    release('2');
    expect(await later).toBe('component:default/a:2');
    expect(reads).toBe(2);
  });

  it('reads each key, and each client, on its own', async () => {
    const seen: string[] = [];
    const read = sharedRead(2_000, async (_c: object, key: string) => {
      seen.push(key);
      return key;
    });
    await Promise.all([read(client, 'a'), read(client, 'b'), read({}, 'a')]);
    expect(seen).toEqual(['a', 'b', 'a']);
  });

  it('does not keep a failed read: the next caller asks again', async () => {
    let fail = true;
    let reads = 0;
    const read = sharedRead(2_000, async () => {
      reads++;
      if (fail) throw new Error('git host away');
      return 'ok';
    });
    await expect(read(client, 'a')).rejects.toThrow('git host away');
    fail = false;
    await expect(read(client, 'a')).resolves.toBe('ok');
    expect(reads).toBe(2);
  });
});
