import { describe, expect, it } from 'vitest';
import { INFO_BOX_COLLAPSED_HEIGHT, NOTIFICATION_DURATIONS, TOAST_DURATIONS } from './durations';

describe('shell constants (spec §9)', () => {
  it('keeps toasts 4 s for warnings, 3 s for info and 60 s for errors', () => {
    expect(TOAST_DURATIONS).toEqual({ warning: 4000, info: 3000, error: 60000 });
  });

  it('hides info notifications after 4500 ms, validation after 2500 ms and never errors', () => {
    expect(NOTIFICATION_DURATIONS).toEqual({ info: 4500, validation: 2500, error: null });
  });

  it('collapses info boxes to 20 px', () => {
    expect(INFO_BOX_COLLAPSED_HEIGHT).toBe(20);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TOAST_DURATIONS)).toBe(true);
    expect(Object.isFrozen(NOTIFICATION_DURATIONS)).toBe(true);
  });
});
