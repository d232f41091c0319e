import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHILD_SUBMIT_TIMEOUT_MS, deferCall, TOOLTIP_DELAY_MS, TOP_MENU_BAR_DELAY_MS } from './page-timeouts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the page timeouts of spec §9', () => {
  it('are the spec values: tooltip 2000 ms, child submit 1000 ms, top menu bar 100 ms', () => {
    expect({ TOOLTIP_DELAY_MS, CHILD_SUBMIT_TIMEOUT_MS, TOP_MENU_BAR_DELAY_MS }).toEqual({
      TOOLTIP_DELAY_MS: 2000,
      CHILD_SUBMIT_TIMEOUT_MS: 1000,
      TOP_MENU_BAR_DELAY_MS: 100,
    });
  });

  it('makes the top menu bar call 100 ms after the page starts, not before', () => {
    const call = vi.fn();
    deferCall(call, TOP_MENU_BAR_DELAY_MS);
    vi.advanceTimersByTime(99);
    expect(call).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(call).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('never makes the call for a page left before the delay; cancelling afterwards is harmless', () => {
    const early = vi.fn();
    deferCall(early, TOP_MENU_BAR_DELAY_MS)();
    vi.advanceTimersByTime(1000);
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = deferCall(late, TOP_MENU_BAR_DELAY_MS);
    vi.advanceTimersByTime(100);
    cancel();
    expect(late).toHaveBeenCalledTimes(1);
  });
});
