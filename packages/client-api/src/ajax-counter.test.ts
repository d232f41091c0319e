import { describe, expect, it } from 'vitest';
import {
  AJAX_COUNTER_KEY,
  type AjaxCounterWindow,
  createAjaxCounter,
  getWindowAjaxCounter,
} from './ajax-counter';

describe('createAjaxCounter', () => {
  it('counts calls in progress: start +1, success -1, never below 0', () => {
    const counter = createAjaxCounter();
    counter.start();
    counter.start();
    expect(counter.getSnapshot()).toBe(2);
    counter.succeed();
    expect(counter.getSnapshot()).toBe(1);
    counter.succeed();
    counter.succeed();
    expect(counter.getSnapshot()).toBe(0);
  });

  it('sets -1 on an error, and the next start counts from 0 again', () => {
    const counter = createAjaxCounter();
    counter.start();
    counter.start();
    counter.fail();
    expect(counter.getSnapshot()).toBe(-1);
    counter.start();
    expect(counter.getSnapshot()).toBe(1);
  });

  it('propagates start, success and error to the parent counter', () => {
    const parent = createAjaxCounter();
    const child = createAjaxCounter({ parent });
    parent.start();
    child.start();
    expect([parent.getSnapshot(), child.getSnapshot()]).toEqual([2, 1]);
    child.succeed();
    expect([parent.getSnapshot(), child.getSnapshot()]).toEqual([1, 0]);
    child.start();
    child.fail();
    expect([parent.getSnapshot(), child.getSnapshot()]).toEqual([-1, -1]);
  });

  it('does not touch the child when the parent changes', () => {
    const parent = createAjaxCounter();
    const child = createAjaxCounter({ parent });
    parent.start();
    parent.fail();
    expect(child.getSnapshot()).toBe(0);
  });

  it('notifies subscribers on each change until they unsubscribe', () => {
    const counter = createAjaxCounter();
    const seen: number[] = [];
    const unsubscribe = counter.subscribe(() => seen.push(counter.getSnapshot()));
    counter.start();
    counter.succeed();
    counter.succeed(); // already 0: no change, no call
    counter.fail();
    unsubscribe();
    counter.start();
    expect(seen).toEqual([1, 0, -1]);
  });
});

describe('getWindowAjaxCounter', () => {
  it('keeps one counter per window', () => {
    const win: AjaxCounterWindow = {};
    win.parent = win;
    expect(getWindowAjaxCounter(win)).toBe(getWindowAjaxCounter(win));
    expect(win[AJAX_COUNTER_KEY]).toBe(getWindowAjaxCounter(win));
  });

  it('links an iframe counter to its same-origin parent window', () => {
    const top: AjaxCounterWindow = {};
    top.parent = top;
    const frame: AjaxCounterWindow = { parent: top };
    getWindowAjaxCounter(frame).start();
    expect(getWindowAjaxCounter(top).getSnapshot()).toBe(1);
    getWindowAjaxCounter(frame).fail();
    expect(getWindowAjaxCounter(top).getSnapshot()).toBe(-1);
  });

  it('links a popup counter to its opener', () => {
    const opener: AjaxCounterWindow = {};
    opener.parent = opener;
    const popup: AjaxCounterWindow = { opener };
    popup.parent = popup;
    getWindowAjaxCounter(popup).start();
    expect(getWindowAjaxCounter(opener).getSnapshot()).toBe(1);
  });

  it('does not link to a cross-origin parent (property access throws)', () => {
    const crossOrigin = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    );
    const frame: AjaxCounterWindow = { parent: crossOrigin };
    const counter = getWindowAjaxCounter(frame);
    counter.start();
    expect(counter.getSnapshot()).toBe(1);
  });
});
