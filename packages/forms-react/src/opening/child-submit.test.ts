import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHILD_SUBMIT_TIMEOUT_MS } from '../state/page-timeouts';
import { listenForChildSubmits, notifyChildSubmit } from './child-submit';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('child-form submit (spec §9: child submit timeouts 1000 ms)', () => {
  it('tells the parent once, 1000 ms after the last save of its children, with every save since', () => {
    const parent = {};
    const onSettled = vi.fn();
    listenForChildSubmits(parent, onSettled);
    const dialog = { parent };
    const popup = { opener: parent };
    expect(notifyChildSubmit(dialog, { WebTemplateNo: 102, RecordId: 17 })).toBe(true);
    vi.advanceTimersByTime(600);
    expect(notifyChildSubmit(popup, { WebTemplateNo: 102, RecordId: 18 })).toBe(true);
    vi.advanceTimersByTime(CHILD_SUBMIT_TIMEOUT_MS - 1);
    expect(onSettled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith([
      { WebTemplateNo: 102, RecordId: 17 },
      { WebTemplateNo: 102, RecordId: 18 },
    ]);
    notifyChildSubmit(dialog, { WebTemplateNo: 102, RecordId: 19 });
    vi.advanceTimersByTime(CHILD_SUBMIT_TIMEOUT_MS);
    expect(onSettled).toHaveBeenLastCalledWith([{ WebTemplateNo: 102, RecordId: 19 }]);
  });

  it('finds the listening page further up (a dialog inside a popup) and tells nobody when none listens', () => {
    const top = {};
    const onSettled = vi.fn();
    listenForChildSubmits(top, onSettled);
    const popup = { opener: top };
    const dialogInPopup = { parent: popup };
    expect(notifyChildSubmit(dialogInPopup, { WebTemplateNo: 110, RecordId: 3 })).toBe(true);
    expect(notifyChildSubmit({}, { WebTemplateNo: 110, RecordId: 3 })).toBe(false);
    vi.advanceTimersByTime(CHILD_SUBMIT_TIMEOUT_MS);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('a parent that stopped listening is not told, and a pending call is dropped', () => {
    const parent = {};
    const onSettled = vi.fn();
    const stop = listenForChildSubmits(parent, onSettled);
    notifyChildSubmit({ parent }, { WebTemplateNo: 102, RecordId: 17 });
    stop();
    vi.advanceTimersByTime(CHILD_SUBMIT_TIMEOUT_MS * 2);
    expect(onSettled).not.toHaveBeenCalled();
    expect(notifyChildSubmit({ parent }, { WebTemplateNo: 102, RecordId: 17 })).toBe(false);
  });
});
