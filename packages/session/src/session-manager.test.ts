import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock';
import { createSessionManager, type SessionManagerOptions } from './session-manager';

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);
const TIMEOUT_MINUTES = 20;
const TIMEOUT_MS = TIMEOUT_MINUTES * 60_000;

/**
 * One tab's view of the shared timeout cookie, as client-api writes it: on each server call,
 * last call + timeout + 5 s. `otherTabCall()` is a call made by another tab.
 */
function setup(overrides: Partial<SessionManagerOptions> = {}, { withDeadline = true } = {}) {
  const clock = createManualClock({ now: T0 });
  const cookie = { deadline: withDeadline ? T0 + TIMEOUT_MS + 5000 : (null as number | null) };
  const serverCall = () => {
    cookie.deadline = clock.now() + TIMEOUT_MS + 5000;
  };
  const readDeadline = vi.fn(() => cookie.deadline);
  const keepAlive = vi.fn(async () => serverCall());
  const manager = createSessionManager({
    timeoutMinutes: TIMEOUT_MINUTES,
    readDeadline,
    keepAlive,
    clock,
    timers: clock,
    ...overrides,
  });
  return { clock, cookie, serverCall, readDeadline, keepAlive, manager };
}

describe('createSessionManager', () => {
  it('is active after start, with the warning 35 s before the stored deadline', () => {
    const { manager } = setup();
    manager.start();
    const deadline = T0 + TIMEOUT_MS + 5000;
    expect(manager.getSnapshot()).toEqual({
      status: 'active',
      deadline,
      warnAt: deadline - 35_000,
      msUntilLock: TIMEOUT_MS + 5000,
    });
  });

  it('warns at exactly deadline − 35 s (timeout × 60000 − 30 s after the last call)', () => {
    const { manager, clock } = setup();
    manager.start();
    clock.advance(TIMEOUT_MS - 30_000 - 1);
    expect(manager.getSnapshot().status).toBe('active');
    clock.advance(1);
    expect(manager.getSnapshot().status).toBe('warning');
    expect(manager.getSnapshot().msUntilLock).toBe(35_000);
  });

  it('locks once the stored deadline has passed', () => {
    const { manager, clock } = setup();
    const deadline = T0 + TIMEOUT_MS + 5000;
    manager.start();
    clock.advance(deadline - T0 - 1);
    expect(manager.getSnapshot()).toMatchObject({ status: 'warning', msUntilLock: 1000 }); // last check: 1 s before
    clock.advance(1);
    expect(manager.getSnapshot()).toEqual({
      status: 'locked',
      deadline,
      warnAt: deadline - 35_000,
      msUntilLock: 0,
    });
  });

  it('checks every 5 s while active, and counts the seconds while warning', () => {
    const { manager, clock, readDeadline } = setup();
    manager.start();
    expect(readDeadline).toHaveBeenCalledTimes(1);
    expect(clock.pendingPeriods()).toEqual([5000]);
    clock.advance(4999);
    expect(readDeadline).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(readDeadline).toHaveBeenCalledTimes(2);
    clock.advance(10_000);
    expect(readDeadline).toHaveBeenCalledTimes(4);

    clock.advance(TIMEOUT_MS - 30_000 - 15_000);
    expect(manager.getSnapshot().status).toBe('warning');
    expect(clock.pendingPeriods()).toEqual([1000]);
    clock.advance(3000);
    expect(manager.getSnapshot().msUntilLock).toBe(32_000);
  });

  it('goes back to active with a later deadline after a keep-alive', async () => {
    const { manager, clock, keepAlive } = setup();
    manager.start();
    clock.advance(TIMEOUT_MS - 20_000);
    expect(manager.getSnapshot().status).toBe('warning');

    await manager.keepAlive();

    expect(keepAlive).toHaveBeenCalledTimes(1);
    const deadline = T0 + TIMEOUT_MS - 20_000 + TIMEOUT_MS + 5000;
    expect(manager.getSnapshot()).toMatchObject({
      status: 'active',
      deadline,
      msUntilLock: TIMEOUT_MS + 5000,
    });
    expect(clock.pendingPeriods()).toEqual([5000]);
  });

  it('re-checks even when the keep-alive fails, and passes the failure on', async () => {
    const failure = new Error('network down');
    const { manager, clock, readDeadline } = setup({ keepAlive: async () => Promise.reject(failure) });
    manager.start();
    clock.jumpTo(T0 + TIMEOUT_MS + 10_000);
    const calls = readDeadline.mock.calls.length;
    await expect(manager.keepAlive()).rejects.toBe(failure);
    expect(readDeadline.mock.calls.length).toBe(calls + 1);
    expect(manager.getSnapshot().status).toBe('locked');
  });

  it('unlocks when another tab writes a newer deadline (a logon there)', () => {
    const { manager, clock, serverCall } = setup();
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.start();
    clock.advance(TIMEOUT_MS + 5000);
    expect(manager.getSnapshot().status).toBe('locked');

    clock.advance(60_000);
    serverCall(); // the other tab logged on again
    expect(manager.getSnapshot().status).toBe('locked');
    clock.advance(5000);

    expect(manager.getSnapshot()).toMatchObject({ status: 'active', msUntilLock: TIMEOUT_MS });
    expect(listener).toHaveBeenLastCalledWith();
  });

  it('stays locked while the stored deadline is the one that locked it', () => {
    const { manager, clock } = setup();
    manager.start();
    clock.advance(TIMEOUT_MS + 5000);
    const locked = manager.getSnapshot();
    clock.advance(60_000);
    manager.check();
    expect(manager.getSnapshot()).toBe(locked);
  });

  it('locks at the first tick after a laptop sleeps past the deadline (no ticks while asleep)', () => {
    const { manager, clock, readDeadline } = setup();
    manager.start();
    clock.advance(60_000);
    const calls = readDeadline.mock.calls.length;

    clock.jumpTo(T0 + 60_000 + 2 * 60 * 60_000);
    expect(manager.getSnapshot().status).toBe('active');
    clock.advance(0); // the one overdue interval tick on waking

    expect(readDeadline.mock.calls.length).toBe(calls + 1);
    expect(manager.getSnapshot().status).toBe('locked');
  });

  it('locks on check() after a sleep, without waiting for a tick (visibilitychange / focus)', () => {
    const { manager, clock } = setup();
    manager.start();
    clock.jumpTo(T0 + 2 * 60 * 60_000);
    manager.check();
    expect(manager.getSnapshot().status).toBe('locked');
  });

  it('locks at once on markLoggedOut, and only a newer deadline unlocks', () => {
    const { manager, clock, serverCall } = setup();
    const listener = vi.fn();
    manager.start();
    manager.subscribe(listener);
    clock.advance(60_000);
    listener.mockClear();

    manager.markLoggedOut();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(manager.getSnapshot()).toMatchObject({ status: 'locked', msUntilLock: 0 });
    // The stored deadline still lies in the future (the server ended the session early).
    clock.advance(5000);
    expect(manager.getSnapshot().status).toBe('locked');

    serverCall();
    manager.check();
    expect(manager.getSnapshot().status).toBe('active');
  });

  it('stays active without any stored deadline until markLoggedOut, then unlocks on a deadline', () => {
    const { manager, clock, cookie, serverCall } = setup({}, { withDeadline: false });
    manager.start();
    clock.advance(5 * 60 * 60_000);
    expect(manager.getSnapshot()).toEqual({
      status: 'active',
      deadline: null,
      warnAt: null,
      msUntilLock: null,
    });

    manager.markLoggedOut();
    expect(manager.getSnapshot()).toEqual({ status: 'locked', deadline: null, warnAt: null, msUntilLock: 0 });

    serverCall();
    clock.advance(5000);
    expect(manager.getSnapshot()).toMatchObject({ status: 'active', deadline: cookie.deadline });
  });

  it('keeps the last known deadline when the stored one disappears, and still locks on it', () => {
    const { manager, clock, cookie } = setup();
    manager.start();
    cookie.deadline = null;
    clock.advance(TIMEOUT_MS + 5000);
    expect(manager.getSnapshot()).toMatchObject({ status: 'locked', deadline: T0 + TIMEOUT_MS + 5000 });
  });

  it('keeps the same snapshot object, and notifies no one, when nothing changed', () => {
    const { manager, clock } = setup();
    manager.start();
    const listener = vi.fn();
    manager.subscribe(listener);
    const first = manager.getSnapshot();
    manager.check();
    manager.check();
    expect(manager.getSnapshot()).toBe(first);
    expect(listener).not.toHaveBeenCalled();

    clock.advance(5000);
    const second = manager.getSnapshot();
    expect(second).not.toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    manager.check();
    expect(manager.getSnapshot()).toBe(second);
  });

  it('stops notifying a listener after it unsubscribes', () => {
    const { manager, clock } = setup();
    const listener = vi.fn();
    const unsubscribe = manager.subscribe(listener);
    manager.start();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clock.advance(5000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops checking after stop(), and start() twice schedules one interval', () => {
    const { manager, clock, readDeadline } = setup();
    manager.start();
    manager.start();
    expect(clock.pendingCount()).toBe(1);
    manager.stop();
    expect(clock.pendingCount()).toBe(0);
    const calls = readDeadline.mock.calls.length;
    clock.advance(60_000);
    expect(readDeadline.mock.calls.length).toBe(calls);
  });

  it('warns from the last call on when the timeout is shorter than the warning', () => {
    // A 15 s session: the cookie holds last call (T0) + 15 s + 5 s.
    const { manager } = setup({ timeoutMinutes: 0.25, readDeadline: () => T0 + 20_000 });
    manager.start();
    expect(manager.getSnapshot()).toMatchObject({ status: 'warning', warnAt: T0, msUntilLock: 20_000 });
  });

  it('moves the warning when the timeout changes', () => {
    const { manager } = setup();
    manager.start();
    const before = manager.getSnapshot();
    manager.setTimeoutMinutes(0.25);
    // Same stored deadline, but a 15 s timeout means the last call was 20 s before it.
    expect(manager.getSnapshot().warnAt).toBe((before.deadline as number) - 20_000);
    expect(manager.getSnapshot().status).toBe('active');
  });

  it('rejects options it cannot work with', () => {
    const base = { readDeadline: () => null, keepAlive: async () => {} };
    expect(() => createSessionManager({ ...base, timeoutMinutes: 0 })).toThrow(RangeError);
    expect(() => createSessionManager({ ...base, timeoutMinutes: Number.NaN })).toThrow(RangeError);
    expect(() => createSessionManager({ ...base, timeoutMinutes: 20, checkIntervalMs: 0 })).toThrow(
      RangeError,
    );
    expect(() => createSessionManager({ ...base, timeoutMinutes: 20, warnBeforeMs: -1 })).toThrow(RangeError);
    const { manager } = setup();
    expect(() => manager.setTimeoutMinutes(-5)).toThrow(RangeError);
  });
});
