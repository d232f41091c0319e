import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGON_FIELD_CLEARING_DELAYS_MS, scheduleLogonFieldClearing } from './field-clearing';

function fakeField(initial: string) {
  const field = {
    value: initial,
    touched: false,
    clears: [] as number[],
    clear() {
      field.value = '';
      field.clears.push(Date.now());
    },
    isTouched: () => field.touched,
  };
  return field;
}

describe('scheduleLogonFieldClearing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec §9 retry times 0.5, 1.5, 2.5 and 3.5 s', () => {
    expect(LOGON_FIELD_CLEARING_DELAYS_MS).toEqual([500, 1500, 2500, 3500]);
  });

  it('clears untouched fields at each retry, so late autofill is removed too', () => {
    const userName = fakeField('');
    const password = fakeField('');
    scheduleLogonFieldClearing({ fields: [userName, password], timers: globalThis });

    vi.advanceTimersByTime(499);
    userName.value = 'autofilled';
    expect(userName.clears).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(userName.value).toBe('');

    vi.advanceTimersByTime(2000);
    password.value = 'late autofill';
    vi.advanceTimersByTime(1000);
    expect(password.value).toBe('');
    expect(userName.clears).toEqual([500, 1500, 2500, 3500]);
    expect(password.clears).toEqual([500, 1500, 2500, 3500]);

    vi.advanceTimersByTime(10_000);
    expect(userName.clears).toHaveLength(4);
  });

  it('leaves a field alone once the user has focused or typed in it, and still clears the other', () => {
    const userName = fakeField('');
    const password = fakeField('');
    scheduleLogonFieldClearing({ fields: [userName, password], timers: globalThis });

    vi.advanceTimersByTime(600);
    userName.touched = true;
    userName.value = 'operator';
    password.value = 'autofilled';
    vi.advanceTimersByTime(5000);

    expect(userName.value).toBe('operator');
    expect(userName.clears).toEqual([500]);
    expect(password.value).toBe('');
    expect(password.clears).toHaveLength(4);
  });

  it('stops clearing when cancelled (the page was left)', () => {
    const userName = fakeField('');
    const cancel = scheduleLogonFieldClearing({ fields: [userName], timers: globalThis });
    vi.advanceTimersByTime(1000);
    cancel();
    userName.value = 'autofilled';
    vi.advanceTimersByTime(5000);
    expect(userName.value).toBe('autofilled');
    expect(userName.clears).toEqual([500]);
  });
});
