import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock';

describe('createManualClock', () => {
  it('runs due intervals in time order with now() at their due time', () => {
    const clock = createManualClock({ now: 1000 });
    const seen: string[] = [];
    clock.setInterval(() => seen.push(`a@${clock.now()}`), 300);
    clock.setInterval(() => seen.push(`b@${clock.now()}`), 500);
    clock.advance(1000);
    expect(seen).toEqual(['a@1300', 'b@1500', 'a@1600', 'a@1900', 'b@2000']);
    expect(clock.now()).toBe(2000);
  });

  it('runs an overdue interval once after jumpTo, like a browser waking up', () => {
    const clock = createManualClock({ now: 0 });
    const tick = vi.fn();
    clock.setInterval(tick, 5000);
    clock.jumpTo(2 * 60 * 60_000);
    expect(tick).not.toHaveBeenCalled();
    clock.advance(0);
    expect(tick).toHaveBeenCalledTimes(1);
    clock.advance(4999);
    expect(tick).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('stops running a cleared interval', () => {
    const clock = createManualClock({ now: 0 });
    const tick = vi.fn();
    const handle = clock.setInterval(tick, 100);
    clock.clearInterval(handle);
    clock.advance(1000);
    expect(tick).not.toHaveBeenCalled();
    expect(clock.pendingCount()).toBe(0);
  });
});
