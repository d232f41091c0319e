import { type Clock, type IntervalHandle, systemClock, systemTimers, type Timers } from './clock';

/** Spec §3/§9: the Timer's default frequency. */
export const TIMER_DEFAULT_FREQUENCY_MS = 1000;
/** Spec §3/§9: the Timer's minimum frequency (60 s), read as the shortest period of a repeating timer. */
export const TIMER_MIN_REPEAT_MS = 60_000;

/** What a tick tells `onTick`. */
export interface TimerTickEvent {
  /** The clock's time of this tick (epoch ms). */
  now: number;
  /** 1 for the first tick since `start()`, then 2, 3… */
  tickCount: number;
}

/** Options of {@link createTimer}. */
export interface TimerOptions {
  /** Called on each tick. */
  onTick: (event: TimerTickEvent) => void;
  /**
   * Milliseconds between ticks. A repeating timer never ticks more often than every 60 000 ms
   * (shorter values are raised to 60 000); a run-once timer ticks once after `frequency` ms as given.
   * @default 1000
   */
  frequency?: number;
  /**
   * Whether the timer ticks at all. A disabled timer never ticks, even after `start()`.
   * @default true
   */
  enabled?: boolean;
  /**
   * Tick once, `frequency` ms after `start()`, then stop.
   * @default false
   */
  runOnce?: boolean;
  /** @default the system clock (`Date.now()`) */
  clock?: Clock;
  /** @default the global `setInterval` / `clearInterval` */
  timers?: Timers;
}

/** A §3 Timer. */
export interface Timer {
  /** Starts ticking (if enabled). Calling it while running does nothing. */
  start(): void;
  /** Stops ticking. */
  stop(): void;
  /** Enables or disables the timer; a started timer resumes when enabled again. */
  setEnabled(enabled: boolean): void;
  /** Whether a tick is scheduled. */
  isRunning(): boolean;
}

/**
 * Makes a spec §3 Timer: `frequency` (default 1000 ms), `enabled` and a run-once flag, with
 * "minimum frequency 60 seconds" read as follows. A **repeating** timer never ticks more often
 * than every 60 000 ms — its period is `max(frequency, 60000)` — because a repeating timer polls
 * the server and the floor protects it. A **run-once** timer ticks once after `frequency` ms as
 * given, so the 1000 ms default is a one-second delay.
 *
 * @example
 * const refresh = createTimer({ frequency: 120_000, onTick: () => grid.reload() });
 * refresh.start();
 */
export function createTimer(options: TimerOptions): Timer {
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? systemTimers;
  const frequency = options.frequency ?? TIMER_DEFAULT_FREQUENCY_MS;
  const runOnce = options.runOnce ?? false;
  if (typeof options.onTick !== 'function') throw new TypeError('createTimer needs an onTick function');
  if (!(Number.isFinite(frequency) && frequency > 0)) {
    throw new RangeError(`Timer frequency must be a positive number of ms, got ${String(frequency)}`);
  }
  const period = runOnce ? frequency : Math.max(frequency, TIMER_MIN_REPEAT_MS);

  let enabled = options.enabled ?? true;
  let started = false;
  let handle: IntervalHandle | null = null;
  let tickCount = 0;

  const clear = () => {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
  };

  const tick = () => {
    tickCount += 1;
    if (runOnce) {
      clear();
      started = false;
    }
    options.onTick({ now: clock.now(), tickCount });
  };

  const arm = () => {
    if (!started || !enabled || handle !== null) return;
    handle = timers.setInterval(tick, period);
  };

  return {
    start() {
      if (started) return;
      started = true;
      tickCount = 0;
      arm();
    },
    stop() {
      started = false;
      clear();
    },
    setEnabled(next) {
      enabled = next;
      if (enabled) arm();
      else clear();
    },
    isRunning: () => handle !== null,
  };
}
