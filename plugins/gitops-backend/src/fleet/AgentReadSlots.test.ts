import { AgentReadSlots } from './AgentReadSlots';

/** A read that ends when the test says so. */
function heldRead() {
  let release!: () => void;
  const done = new Promise<void>(resolve => {
    release = resolve;
  });
  return { read: () => done, release };
}

const settle = () => new Promise(resolve => setImmediate(resolve));

describe('AgentReadSlots', () => {
  it('keeps at most perAgent reads at one agent, whoever asks, and lets another agent read meanwhile', async () => {
    const slots = new AgentReadSlots(2);
    const atA = [heldRead(), heldRead(), heldRead()];
    const started: string[] = [];
    // two readers (lean details, recorder) asking for the same agent
    const runs = atA.map((held, i) =>
      slots.run('a', () => {
        started.push(`a${i}`);
        return held.read();
      }),
    );
    const atB = heldRead();
    const onB = slots.run('b', () => {
      started.push('b0');
      return atB.read();
    });
    await settle();
    expect(started).toEqual(['a0', 'a1', 'b0']);
    expect(slots.load('a')).toEqual({ running: 2, waiting: 1 });
    expect(slots.load('b')).toEqual({ running: 1, waiting: 0 });

    atA[0].release();
    await settle();
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2']);
    for (const held of [...atA, atB]) held.release();
    await Promise.all([...runs, onB]);
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('passes on what the read answers and how it fails', async () => {
    const slots = new AgentReadSlots(1);
    await expect(slots.run('a', async () => 42)).resolves.toBe(42);
    await expect(
      slots.run('a', async () => {
        throw new Error('agent away');
      }),
    ).rejects.toThrow('agent away');
    // a failed read frees its slot
    await expect(slots.run('a', async () => 'next')).resolves.toBe('next');
  });

  it('drops what waits at an agent it forgets', async () => {
    const slots = new AgentReadSlots(1);
    const held = heldRead();
    const running = slots.run('a', held.read);
    let waitingRan = false;
    slots.run('a', async () => {
      waitingRan = true;
    });
    await settle();
    expect(slots.load('a')).toEqual({ running: 1, waiting: 1 });
    slots.forget('a');
    held.release();
    await running;
    await settle();
    expect(waitingRan).toBe(false);
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});
