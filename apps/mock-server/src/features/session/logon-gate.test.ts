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

  it('frees the slot of a job that fails', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 1)).resolves.toBe(1);
    expect(gate.active).toBe(0);
  });

  it('refuses a concurrency below 1 or a negative queue', () => {
    expect(() => createWorkGate({ concurrency: 0, queue: 1 })).toThrow(RangeError);
    expect(() => createWorkGate({ concurrency: 1, queue: -1 })).toThrow(RangeError);
  });
});
