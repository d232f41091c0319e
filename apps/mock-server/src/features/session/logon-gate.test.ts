import { describe, expect, it } from 'vitest';
import { createWorkGate, GateFullError } from './logon-gate';

/** A job the test finishes by hand. */
function job() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started = true;
      await done;
      return 'done';
    },
    finish,
    get started() {
      return started;
    },
  };
}

describe('createWorkGate', () => {
  it('runs at most `concurrency` jobs, queues `queue` more and refuses the rest at once without running them', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 1 });
    const jobs = [job(), job(), job(), job()];
    const runs = jobs.map((j) => gate.run(j.work));
    await expect(runs[3]).rejects.toBeInstanceOf(GateFullError);
    expect(jobs.map((j) => j.started)).toEqual([true, true, false, false]);
    expect({ active: gate.active, waiting: gate.waiting }).toEqual({ active: 2, waiting: 1 });

    jobs[0]!.finish();
    await expect(runs[0]).resolves.toBe('done');
    expect(jobs[2]!.started).toBe(true);
    expect({ active: gate.active, waiting: gate.waiting }).toEqual({ active: 2, waiting: 0 });

    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs.slice(0, 3));
    expect({ active: gate.active, waiting: gate.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('gives one key at most `perKey` jobs, running or waiting, and frees them as they end', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 10, perKey: 2 });
    const jobs = [job(), job(), job(), job()];
    const a1 = gate.run(jobs[0]!.work, { key: 'a' });
    const a2 = gate.run(jobs[1]!.work, { key: 'a' });
    await expect(gate.run(jobs[2]!.work, { key: 'a' })).rejects.toBeInstanceOf(GateFullError);
    const b1 = gate.run(jobs[3]!.work, { key: 'b' });
    expect(jobs.map((j) => j.started)).toEqual([true, false, false, false]);
    jobs[0]!.finish();
    await a1;
    const a3 = gate.run(async () => 'again', { key: 'a' });
    jobs[1]!.finish();
    jobs[3]!.finish();
    await expect(Promise.all([a2, b1, a3])).resolves.toEqual(['done', 'done', 'again']);
    expect({ active: gate.active, waiting: gate.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('serves the priority line first, and takes priority jobs while the normal line is full', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1 });
    const order: string[] = [];
    const first = job();
    const running = gate.run(first.work);
    const normal = gate.run(async () => order.push('normal'));
    await expect(gate.run(async () => order.push('refused'))).rejects.toBeInstanceOf(GateFullError);
    const priority = gate.run(async () => order.push('priority'), { priority: true });
    await expect(gate.run(async () => 0, { priority: true })).rejects.toBeInstanceOf(GateFullError);
    first.finish();
    await Promise.all([running, normal, priority]);
    expect(order).toEqual(['priority', 'normal']);
  });

  it('takes a waiting job out of its line when its signal aborts, without running it, and frees its place', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1 });
    const [first, second, third] = [job(), job(), job()];
    const running = gate.run(first.work);
    const giveUp = new AbortController();
    const waiting = gate.run(second.work, { signal: giveUp.signal });
    await expect(gate.run(third.work)).rejects.toBeInstanceOf(GateFullError);
    giveUp.abort();
    await expect(waiting).rejects.toBeInstanceOf(GateFullError);
    expect({ active: gate.active, waiting: gate.waiting }).toEqual({ active: 1, waiting: 0 });
    // Its place is free again, and the slot goes to the next job, not to the one that gave up.
    const next = gate.run(third.work);
    first.finish();
    await running;
    expect(third.started).toBe(true);
    expect(second.started).toBe(false);
    third.finish();
    await next;
  });

  it('frees the slot of a job that fails', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 1)).resolves.toBe(1);
    expect(gate.active).toBe(0);
  });

  it('refuses a concurrency below 1 or a negative queue', () => {
    expect(() => createWorkGate({ concurrency: 0, queue: 1 })).toThrow(RangeError);
    expect(() => createWorkGate({ concurrency: 1, queue: -1 })).toThrow(RangeError);
    expect(() => createWorkGate({ concurrency: 1, queue: 1, perKey: 0 })).toThrow(RangeError);
  });
});
