/** Thrown by {@link WorkGate.run} when the job may not even wait for a slot. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/** How a job enters a {@link WorkGate}. */
export interface GateTicket {
  /** Who the job is for (a client address): one key holds at most `perKey` jobs. */
  key?: string;
  /** Waits in the priority line, served before the normal one (each line holds `queue` jobs). */
  priority?: boolean;
  /** Gives up waiting (rejects with {@link GateFullError}, its place freed) when this aborts. */
  signal?: AbortSignal;
}

/** Runs at most `concurrency` jobs at once; at most `queue` more wait in each of two lines. */
export interface WorkGate {
  /**
   * Runs `work` when a slot is free. Rejects with {@link GateFullError} at once, without calling
   * `work`, when its line already holds `queue` jobs, or its key `perKey` jobs running or waiting.
   */
  run<T>(work: () => Promise<T>, ticket?: GateTicket): Promise<T>;
  /** Jobs running now. */
  readonly active: number;
  /** Jobs waiting for a slot, both lines together. */
  readonly waiting: number;
}

/** Waits for a slot in `line`; leaves it, rejecting, if `signal` aborts first. */
function waitInLine(line: Array<() => void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new GateFullError('gave up before waiting'));
      return;
    }
    const onAbort = () => {
      const place = line.indexOf(served);
      if (place >= 0) line.splice(place, 1);
      reject(new GateFullError('gave up waiting'));
    };
    const served = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    line.push(served);
  });
}

/**
 * A concurrency limiter with bounded queues. Logons go through one: each costs a scrypt hash
 * (about 50 ms of a thread-pool thread), so without a bound an anonymous flood queues unbounded
 * hashing work in front of every real logon. The priority line lets clients with a clean record
 * pass a queue that a flood keeps full.
 */
export function createWorkGate(options: { concurrency: number; queue: number; perKey?: number }): WorkGate {
  const { concurrency, queue, perKey = Number.POSITIVE_INFINITY } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError('concurrency must be an integer ≥ 1');
  }
  if (!Number.isInteger(queue) || queue < 0) throw new RangeError('queue must be an integer ≥ 0');
  if (!(perKey >= 1)) throw new RangeError('perKey must be at least 1');
  let active = 0;
  const lines = { priority: [] as Array<() => void>, normal: [] as Array<() => void> };
  // Jobs running or waiting per key: one client cannot take a whole line.
  const byKey = new Map<string, number>();

  const release = () => {
    const next = lines.priority.shift() ?? lines.normal.shift();
    // A released slot passes straight to the next waiter, so `active` stays counted for it.
    if (next) next();
    else active--;
  };
  const forget = (key: string) => {
    const left = (byKey.get(key) ?? 1) - 1;
    if (left === 0) byKey.delete(key);
    else byKey.set(key, left);
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return lines.priority.length + lines.normal.length;
    },
    async run(work, ticket = {}) {
      const { key } = ticket;
      const line = ticket.priority ? lines.priority : lines.normal;
      const held = key === undefined ? 0 : (byKey.get(key) ?? 0);
      if (held >= perKey) throw new GateFullError('this key already holds its share of the gate');
      if (active >= concurrency && line.length >= queue) throw new GateFullError('the line is full');
      if (key !== undefined) byKey.set(key, held + 1);
      try {
        if (active < concurrency) active++;
        else await waitInLine(line, ticket.signal);
        try {
          return await work();
        } finally {
          release();
        }
      } finally {
        if (key !== undefined) forget(key);
      }
    },
  };
}
