/** Thrown by {@link WorkGate.run} when every slot is busy and the queue is full. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/** Runs at most `concurrency` jobs at once and lets at most `queue` more wait. */
export interface WorkGate {
  /**
   * Runs `work` when a slot is free. Rejects with {@link GateFullError} at once, without calling
   * `work`, when `queue` jobs are already waiting.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly active: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

/**
 * A concurrency limiter with a bounded queue. Logons go through one: each costs a scrypt hash
 * (about 50 ms of a thread-pool thread), so without a bound an anonymous flood queues unbounded
 * hashing work in front of every real logon.
 */
export function createWorkGate(options: { concurrency: number; queue: number }): WorkGate {
  const { concurrency, queue } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError('concurrency must be an integer ≥ 1');
  if (!Number.isInteger(queue) || queue < 0) throw new RangeError('queue must be an integer ≥ 0');
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run(work) {
      if (active < concurrency) active++;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new GateFullError('every slot is busy and the queue is full');
      // A released slot passes straight to the next waiter, so `active` stays counted for it.
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
