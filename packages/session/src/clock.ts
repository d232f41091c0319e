/** A source of wall-clock time, injected so tests and stories can fix or move time. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()` returns them. */
  now(): number;
}

/** An opaque handle returned by {@link Timers.setInterval}. */
export type IntervalHandle = unknown;

/** The interval functions the session core schedules with, injected like the clock. */
export interface Timers {
  /** Calls `callback` every `ms` milliseconds until the handle is cleared. */
  setInterval(callback: () => void, ms: number): IntervalHandle;
  /** Cancels an interval made by `setInterval`. */
  clearInterval(handle: IntervalHandle): void;
}

/** The browser's (or Node's) wall clock: `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/** The global `setInterval` / `clearInterval`. */
export const systemTimers: Timers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/** Options of {@link createManualClock}. */
export interface ManualClockOptions {
  /** The starting time, in epoch milliseconds. */
  now: number;
}

/** A clock and timers that only move when told to: for tests, stories and demos. */
export interface ManualClock extends Clock, Timers {
  /**
   * Moves time forward by `ms`, running every interval that falls due on the way, in time
   * order, with `now()` reading each one's due time while it runs.
   */
  advance(ms: number): void;
  /**
   * Jumps the clock to `time` without running any interval on the way (a laptop asleep: no tick
   * happens, the wall clock moves on). Intervals keep their old due times, so the next
   * `advance()` runs each of them once, as a browser does on waking.
   */
  jumpTo(time: number): void;
  /** How many intervals are scheduled. */
  pendingCount(): number;
  /** The periods (ms) of the scheduled intervals, oldest first. */
  pendingPeriods(): number[];
}

/**
 * Makes a clock whose time only moves with `advance()` / `jumpTo()`, with `setInterval` and
 * `clearInterval` that run on it. Nothing is ever scheduled on the real event loop.
 *
 * @example
 * const clock = createManualClock({ now: Date.UTC(2024, 0, 1) });
 * const manager = createSessionManager({ ..., clock, timers: clock });
 * clock.advance(5000); // runs the manager's 5 s check once
 */
export function createManualClock(options: ManualClockOptions): ManualClock {
  if (!Number.isFinite(options.now)) throw new RangeError('createManualClock: now must be a finite number');
  let now = options.now;
  let nextId = 1;
  const intervals = new Map<number, { callback: () => void; period: number; due: number }>();

  const nextDue = (until: number) => {
    let found: { id: number; due: number } | null = null;
    for (const [id, interval] of intervals) {
      if (interval.due <= until && (found === null || interval.due < found.due))
        found = { id, due: interval.due };
    }
    return found;
  };

  return {
    now: () => now,
    setInterval(callback, ms) {
      const period = Math.max(1, ms);
      const id = nextId++;
      intervals.set(id, { callback, period, due: now + period });
      return id;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError('advance: ms must be zero or more');
      const target = now + ms;
      for (let due = nextDue(target); due !== null; due = nextDue(target)) {
        const interval = intervals.get(due.id)!;
        now = Math.max(now, due.due);
        // A browser coalesces the ticks missed while asleep into one: schedule from now.
        interval.due = Math.max(due.due, now) + interval.period;
        interval.callback();
      }
      now = target;
    },
    jumpTo(time) {
      if (!Number.isFinite(time)) throw new RangeError('jumpTo: time must be a finite number');
      now = time;
    },
    pendingCount: () => intervals.size,
    pendingPeriods: () => [...intervals.values()].map((interval) => interval.period),
  };
}
