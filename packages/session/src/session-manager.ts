import { type Clock, type IntervalHandle, systemClock, systemTimers, type Timers } from './clock';

/** Spec §9: the session check interval. */
export const SESSION_CHECK_INTERVAL_MS = 5000;
/** Spec §9: the warning shows this long before the session times out. */
export const SESSION_WARN_BEFORE_MS = 30_000;
/** Spec §9: the server-communication timeout cookie holds the timeout plus this margin. */
export const SERVER_TIMEOUT_MARGIN_MS = 5000;
/** How often the manager checks while the warning shows, so its countdown moves each second. */
export const SESSION_WARNING_CHECK_INTERVAL_MS = 1000;

/** Where the session stands: `active`, then `warning` shortly before the timeout, then `locked`. */
export type SessionStatus = 'active' | 'warning' | 'locked';

/** What the session manager knows, as of its last check. A new object only when something changed. */
export interface SessionSnapshot {
  readonly status: SessionStatus;
  /** The stored server-communication timeout (epoch ms) last read, or `null` when none was ever read. */
  readonly deadline: number | null;
  /** When the warning starts (epoch ms), or `null` without a deadline. */
  readonly warnAt: number | null;
  /** Milliseconds from the last check to the lock (0 once locked), or `null` without a deadline. */
  readonly msUntilLock: number | null;
}

/** Options of {@link createSessionManager}. */
export interface SessionManagerOptions {
  /** The server's idle session timeout, in minutes (fractions allowed). */
  timeoutMinutes: number;
  /**
   * Reads the stored server-communication timeout: epoch ms of the last server call plus
   * `timeoutMinutes` × 60 000 plus `marginMs`, shared by every tab (the `procedo_timeout`
   * cookie), or `null` when there is none.
   */
  readDeadline: () => number | null;
  /** Calls the server so it extends the session (and the stored deadline with it). */
  keepAlive: () => Promise<void>;
  /**
   * The wall clock. Every deadline is compared with it, never with counted ticks, so a laptop
   * that wakes after the deadline locks at its first check.
   * @default the system clock (`Date.now()`)
   */
  clock?: Clock;
  /** @default the global `setInterval` / `clearInterval` */
  timers?: Timers;
  /**
   * How often the manager re-reads the deadline (spec §9).
   * @default 5000
   */
  checkIntervalMs?: number;
  /**
   * How long before the timeout the warning starts (spec §9).
   * @default 30000
   */
  warnBeforeMs?: number;
  /**
   * The margin the stored deadline carries beyond the timeout (spec §9).
   * @default 5000
   */
  marginMs?: number;
  /**
   * How often the manager checks while the warning shows, so a countdown can move each second
   * and the lock comes on time. Never slower than `checkIntervalMs`.
   * @default 1000
   */
  warningCheckIntervalMs?: number;
}

/** The framework-free session state machine: warning, lock and unlock from the stored deadline. */
export interface SessionManager {
  /** Checks now, then every `checkIntervalMs`. Calling it again while running does nothing. */
  start(): void;
  /** Stops the periodic checks (the snapshot stays as it is). */
  stop(): void;
  /**
   * Re-reads the deadline and re-evaluates the status now. Call it when the page becomes
   * visible or focused again, so a woken laptop locks at once.
   */
  check(): void;
  /** The current snapshot; the same object until something changes. */
  getSnapshot(): SessionSnapshot;
  /** Calls `listener` after each change of the snapshot. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Calls the `keepAlive` option (extending the session), then checks, even when it failed. */
  keepAlive(): Promise<void>;
  /** Locks now, for instance when the server answered that the user is not logged on. */
  markLoggedOut(): void;
  /** Changes the session timeout (minutes), for instance after a new session context. */
  setTimeoutMinutes(timeoutMinutes: number): void;
}

function assertTimeoutMinutes(value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`Session timeoutMinutes must be a positive number, got ${String(value)}`);
  }
}

function assertDuration(name: string, value: number, allowZero: boolean): void {
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new RangeError(`Session ${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of ms`);
  }
}

/**
 * Makes the session manager: spec §4 Session, with the §9 constants. It locks once the stored
 * timeout time has passed, warns `warnBeforeMs` earlier, and unlocks when a newer stored time is
 * found (so logging on in one tab unlocks the others).
 *
 * @example
 * const manager = createSessionManager({
 *   timeoutMinutes: 20,
 *   readDeadline: () => serverTimeout.read(),
 *   keepAlive: () => callback.keepAlive(),
 * });
 * manager.start();
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? systemTimers;
  const checkIntervalMs = options.checkIntervalMs ?? SESSION_CHECK_INTERVAL_MS;
  const warnBeforeMs = options.warnBeforeMs ?? SESSION_WARN_BEFORE_MS;
  const marginMs = options.marginMs ?? SERVER_TIMEOUT_MARGIN_MS;
  const warningCheckIntervalMs = Math.min(
    options.warningCheckIntervalMs ?? SESSION_WARNING_CHECK_INTERVAL_MS,
    checkIntervalMs,
  );
  assertTimeoutMinutes(options.timeoutMinutes);
  assertDuration('checkIntervalMs', checkIntervalMs, false);
  assertDuration('warningCheckIntervalMs', warningCheckIntervalMs, false);
  assertDuration('warnBeforeMs', warnBeforeMs, true);
  assertDuration('marginMs', marginMs, true);
  if (typeof options.readDeadline !== 'function' || typeof options.keepAlive !== 'function') {
    throw new TypeError('createSessionManager needs readDeadline and keepAlive functions');
  }

  let timeoutMs = options.timeoutMinutes * 60_000;
  let snapshot: SessionSnapshot = { status: 'active', deadline: null, warnAt: null, msUntilLock: null };
  // The deadline in force when the lock came: only a newer one unlocks (spec §4).
  let lockedDeadline: number | null = null;
  const listeners = new Set<() => void>();
  let interval: { handle: IntervalHandle; period: number } | null = null;
  let running = false;

  const readStoredDeadline = () => {
    const read = options.readDeadline();
    return typeof read === 'number' && Number.isFinite(read) ? read : null;
  };

  const warnAtFor = (deadline: number) => {
    // The warning never starts before the last server call, however short the timeout is.
    const lastCall = deadline - marginMs - timeoutMs;
    return Math.max(lastCall, deadline - marginMs - warnBeforeMs);
  };

  const publish = (next: SessionSnapshot) => {
    if (
      next.status === snapshot.status &&
      next.deadline === snapshot.deadline &&
      next.warnAt === snapshot.warnAt &&
      next.msUntilLock === snapshot.msUntilLock
    ) {
      return;
    }
    snapshot = next;
    schedule();
    for (const listener of [...listeners]) listener();
  };

  const lock = (deadline: number | null) => {
    lockedDeadline = deadline;
    publish({
      status: 'locked',
      deadline,
      warnAt: deadline === null ? null : warnAtFor(deadline),
      msUntilLock: 0,
    });
  };

  const evaluate = () => {
    const now = clock.now();
    const stored = readStoredDeadline();

    if (snapshot.status === 'locked') {
      const isNewer = stored !== null && stored > now && (lockedDeadline === null || stored > lockedDeadline);
      if (!isNewer) return;
      lockedDeadline = null;
    }

    // No stored deadline (none written yet, or the cookie went away): keep the last one known.
    const deadline = stored ?? snapshot.deadline;
    if (deadline === null) return;
    if (now >= deadline) {
      lock(deadline);
      return;
    }
    const warnAt = warnAtFor(deadline);
    publish({ status: now >= warnAt ? 'warning' : 'active', deadline, warnAt, msUntilLock: deadline - now });
  };

  // While the warning shows, check each second (the countdown); otherwise every checkIntervalMs.
  const schedule = () => {
    if (!running) return;
    const period = snapshot.status === 'warning' ? warningCheckIntervalMs : checkIntervalMs;
    if (interval?.period === period) return;
    if (interval) timers.clearInterval(interval.handle);
    interval = { handle: timers.setInterval(evaluate, period), period };
  };

  const manager: SessionManager = {
    start() {
      if (running) return;
      running = true;
      schedule();
      evaluate();
    },
    stop() {
      running = false;
      if (interval) timers.clearInterval(interval.handle);
      interval = null;
    },
    check: evaluate,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      // A wrapper per subscription, so the same function subscribed twice unsubscribes once each.
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    async keepAlive() {
      try {
        await options.keepAlive();
      } finally {
        evaluate();
      }
    },
    markLoggedOut() {
      if (snapshot.status === 'locked') return;
      lock(readStoredDeadline() ?? snapshot.deadline);
    },
    setTimeoutMinutes(timeoutMinutes) {
      assertTimeoutMinutes(timeoutMinutes);
      if (timeoutMinutes * 60_000 === timeoutMs) return;
      timeoutMs = timeoutMinutes * 60_000;
      evaluate();
    },
  };
  return manager;
}
