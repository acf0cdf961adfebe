import { HistoryReadQueue } from './HistoryReadQueue';

/** A reader whose reads end when the test says so, in any order. */
function heldReader() {
  const reads: Array<{ key: string; end: () => void }> = [];
  const ended: string[] = [];
  const read = (_agentId: string, app: { key: string }) =>
    new Promise<void>(resolve => {
      reads.push({
        key: app.key,
        end: () => {
          ended.push(app.key);
          resolve();
        },
      });
    });
  const running = () => reads.map(r => r.key);
  const end = async (key: string) => {
    const index = reads.findIndex(r => r.key === key);
    if (index < 0) throw new Error(`${key} is not being read`);
    const [r] = reads.splice(index, 1);
    r.end();
    // the queue starts its next read when the ended one has settled
    await new Promise(resolve => setImmediate(resolve));
  };
  return { read, running, end, ended };
}

const app = (name: string) => ({ key: `prod/${name}` });

describe('HistoryReadQueue', () => {
  it('reads the background lane one at a time, and urgent reads first', async () => {
    const reader = heldReader();
    const queue = new HistoryReadQueue({ read: reader.read, concurrency: 2 });
    for (const name of ['a', 'b', 'c']) {
      queue.add('prod', app(name), 'background');
    }
    expect(reader.running()).toEqual(['prod/a']);
    expect(queue.size).toEqual({ urgent: 0, background: 2, running: 1 });

    queue.add('prod', app('live'), 'urgent');
    expect(reader.running()).toEqual(['prod/a', 'prod/live']);
    // both slots taken: a second urgent read waits, ahead of the background
    queue.add('prod', app('live2'), 'urgent');
    await reader.end('prod/a');
    expect(reader.running()).toEqual(['prod/live', 'prod/live2']);
    await reader.end('prod/live');
    expect(reader.running()).toEqual(['prod/live2', 'prod/b']);
  });

  it('reads an application once however often it is asked for, again when it changed while read', async () => {
    const reader = heldReader();
    const queue = new HistoryReadQueue({ read: reader.read });
    queue.add('prod', app('a'), 'urgent');
    queue.add('prod', app('a'), 'urgent');
    expect(reader.running()).toEqual(['prod/a']);
    await reader.end('prod/a');
    expect(reader.running()).toEqual(['prod/a']);
    await reader.end('prod/a');
    expect(reader.running()).toEqual([]);
    expect(reader.ended).toEqual(['prod/a', 'prod/a']);
    // queued behind b in the background lane: asked for twice, read once
    queue.add('prod', app('b'), 'background');
    queue.add('prod', app('c'), 'background');
    queue.add('prod', app('c'), 'background');
    expect(queue.size).toEqual({ urgent: 0, background: 1, running: 1 });
    await reader.end('prod/b');
    await reader.end('prod/c');
    expect(reader.ended).toEqual(['prod/a', 'prod/a', 'prod/b', 'prod/c']);
    expect(queue.size).toEqual({ urgent: 0, background: 0, running: 0 });
  });

  it("settles for the given applications by reading their catch-up first; the fleet's catch-up goes on", async () => {
    const reader = heldReader();
    const queue = new HistoryReadQueue({ read: reader.read });
    for (const name of ['a', 'b', 'c', 'd']) {
      queue.add('prod', app(name), 'background');
    }
    let fleetSettled = false;
    await queue.settled().then(() => {
      fleetSettled = true;
    });
    expect(fleetSettled).toBe(true);

    let entitySettled = false;
    const entity = queue.settled(['prod/d', 'prod/unknown']).then(() => {
      entitySettled = true;
    });
    // d moved to the urgent lane and runs beside the background read of a
    expect(reader.running()).toEqual(['prod/a', 'prod/d']);
    await reader.end('prod/d');
    await entity;
    expect(entitySettled).toBe(true);
    expect(reader.running()).toEqual(['prod/a']);
    expect(queue.size.background).toBe(2);
  });

  it('counts the given applications still to be read without waiting, reading them first when asked', async () => {
    const reader = heldReader();
    const queue = new HistoryReadQueue({ read: reader.read });
    for (const name of ['a', 'b', 'c', 'd']) {
      queue.add('prod', app(name), 'background');
    }
    // a running, b to d queued behind it; unknown keys count nothing
    const keys = new Set(['prod/a', 'prod/c', 'prod/unknown']);
    expect(queue.pending(keys)).toBe(2);
    expect(reader.running()).toEqual(['prod/a']);
    // many more keys than queued reads: the queue is walked instead
    const fleet = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(n => `prod/${n}`));
    expect(queue.pending(fleet)).toBe(4);
    // an entity's page: c goes before b
    expect(queue.pending(new Set(['prod/c']), { prioritize: true })).toBe(1);
    expect(reader.running()).toEqual(['prod/a', 'prod/c']);
    await reader.end('prod/c');
    expect(queue.pending(keys)).toBe(1);
    await reader.end('prod/a');
    expect(queue.pending(keys)).toBe(0);
    expect(queue.pending(fleet)).toBe(2);
  });

  it('goes on after a failed read, and drops what is queued when stopped', async () => {
    let calls = 0;
    const queue = new HistoryReadQueue({
      read: async () => {
        calls += 1;
        throw new Error('agent unreachable');
      },
    });
    queue.add('prod', app('a'), 'urgent');
    queue.add('prod', app('b'), 'urgent');
    await queue.settled(['prod/a', 'prod/b']);
    expect(calls).toBe(2);

    const reader = heldReader();
    const stopping = new HistoryReadQueue({ read: reader.read });
    stopping.add('prod', app('a'), 'background');
    stopping.add('prod', app('b'), 'background');
    let stopped = false;
    const stop = stopping.stop().then(() => {
      stopped = true;
    });
    await new Promise(resolve => setImmediate(resolve));
    // the running read ends first
    expect(stopped).toBe(false);
    await reader.end('prod/a');
    await stop;
    await stopping.settled(['prod/b']);
    expect(reader.ended).toEqual(['prod/a']);
    stopping.add('prod', app('c'), 'urgent');
    expect(reader.running()).toEqual([]);
  });
});
