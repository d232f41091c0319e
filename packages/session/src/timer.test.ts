import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock';
import { createTimer, type TimerOptions } from './timer';

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);

function setup(options: Omit<TimerOptions, 'onTick' | 'clock' | 'timers'> = {}) {
  const clock = createManualClock({ now: T0 });
  const onTick = vi.fn();
  const timer = createTimer({ onTick, clock, timers: clock, ...options });
  return { clock, onTick, timer };
}

describe('createTimer', () => {
  it('fires a run-once timer once, 1000 ms after start by default', () => {
    const { clock, onTick, timer } = setup({ runOnce: true });
    timer.start();
    clock.advance(999);
    expect(onTick).not.toHaveBeenCalled();
    clock.advance(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(onTick).toHaveBeenCalledWith({ now: T0 + 1000, tickCount: 1 });
    clock.advance(10 * 60_000);
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(timer.isRunning()).toBe(false);
  });

  it('fires a run-once timer after its frequency as given, even under 60 s', () => {
    const { clock, onTick, timer } = setup({ runOnce: true, frequency: 250 });
    timer.start();
    clock.advance(250);
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('never repeats more often than every 60 s (the default 1000 ms is raised to 60 000)', () => {
    const { clock, onTick, timer } = setup();
    timer.start();
    expect(clock.pendingPeriods()).toEqual([60_000]);
    clock.advance(59_999);
    expect(onTick).not.toHaveBeenCalled();
    clock.advance(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    clock.advance(60_000);
    expect(onTick).toHaveBeenLastCalledWith({ now: T0 + 120_000, tickCount: 2 });
    expect(timer.isRunning()).toBe(true);
  });

  it('keeps a repeating frequency above 60 s as given', () => {
    const { clock, onTick, timer } = setup({ frequency: 90_000 });
    timer.start();
    clock.advance(180_000);
    expect(onTick).toHaveBeenCalledTimes(2);
  });

  it('never fires while disabled, and resumes when enabled again', () => {
    const { clock, onTick, timer } = setup({ enabled: false });
    timer.start();
    clock.advance(10 * 60_000);
    expect(onTick).not.toHaveBeenCalled();
    expect(timer.isRunning()).toBe(false);

    timer.setEnabled(true);
    clock.advance(60_000);
    expect(onTick).toHaveBeenCalledTimes(1);

    timer.setEnabled(false);
    clock.advance(10 * 60_000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('does not start ticking when enabled before start()', () => {
    const { clock, onTick, timer } = setup({ enabled: false });
    timer.setEnabled(true);
    clock.advance(10 * 60_000);
    expect(onTick).not.toHaveBeenCalled();
  });

  it('stops ticking on stop(), and start() twice schedules one interval', () => {
    const { clock, onTick, timer } = setup();
    timer.start();
    timer.start();
    expect(clock.pendingCount()).toBe(1);
    timer.stop();
    expect(clock.pendingCount()).toBe(0);
    clock.advance(10 * 60_000);
    expect(onTick).not.toHaveBeenCalled();
  });

  it('rejects a frequency that is not a positive number', () => {
    const onTick = () => {};
    expect(() => createTimer({ onTick, frequency: 0 })).toThrow(RangeError);
    expect(() => createTimer({ onTick, frequency: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});
