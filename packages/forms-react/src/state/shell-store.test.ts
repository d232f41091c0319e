import { describe, expect, it } from 'vitest';
import { createShellStore, type ShellTimers } from './shell-store';

/** A manual clock: timers fire only when the test advances time. */
function createFakeTimers() {
  let now = 0;
  let nextHandle = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: ShellTimers = {
    now: () => now,
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      pending.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = until;
  };
  return { timers, advance, pendingCount: () => pending.size };
}

describe('createShellStore dialogs', () => {
  it('shows dialogs one after another and resolves each when it closes', async () => {
    const store = createShellStore();
    const first = store.alert('First');
    const second = store.prompt('Name?', 'Ann', { title: 'Rename' });
    const [shownFirst, waiting] = store.getSnapshot().dialogs;
    expect(shownFirst).toMatchObject({ kind: 'alert', message: 'First' });
    expect(waiting).toMatchObject({ kind: 'prompt', message: 'Name?', defaultValue: 'Ann', title: 'Rename' });

    store.closeDialog(shownFirst!.id);
    await expect(first).resolves.toBeUndefined();
    expect(store.getSnapshot().dialogs).toEqual([waiting]);

    store.closeDialog(waiting!.id, 'Bob');
    await expect(second).resolves.toBe('Bob');
    expect(store.getSnapshot().dialogs).toEqual([]);
  });

  it('answers null to a prompt closed without a value', async () => {
    const store = createShellStore();
    const answer = store.prompt('Reason?');
    expect(store.getSnapshot().dialogs[0]).toMatchObject({ defaultValue: '' });
    store.closeDialog(store.getSnapshot().dialogs[0]!.id);
    await expect(answer).resolves.toBeNull();
  });

  it('ignores closing a dialog twice', async () => {
    const store = createShellStore();
    const first = store.alertHtml('<p>One</p>');
    void store.alert('Two');
    const id = store.getSnapshot().dialogs[0]!.id;
    store.closeDialog(id);
    store.closeDialog(id);
    await first;
    expect(store.getSnapshot().dialogs).toHaveLength(1);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const store = createShellStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    void store.alert('Hello');
    store.showLoading();
    expect(calls).toBe(2);
    unsubscribe();
    store.hideLoading();
    expect(calls).toBe(2);
  });
});

describe('createShellStore notifications', () => {
  it('hides info after 4500 ms and validation after 2500 ms', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    store.notify('info', 'Saved');
    store.notify('validation', 'Name is required');
    const texts = () => store.getSnapshot().notifications.map((notification) => notification.text);

    clock.advance(2499);
    expect(texts()).toEqual(['Saved', 'Name is required']);
    clock.advance(1);
    expect(texts()).toEqual(['Saved']);
    clock.advance(1999);
    expect(texts()).toEqual(['Saved']);
    clock.advance(1);
    expect(texts()).toEqual([]);
  });

  it('keeps errors until they are dismissed', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    const id = store.notify('error', 'Server: Tab Select Error');
    expect(clock.pendingCount()).toBe(0);
    clock.advance(3_600_000);
    expect(store.getSnapshot().notifications).toEqual([
      { id, type: 'error', text: 'Server: Tab Select Error' },
    ]);
    store.dismissNotification(id);
    expect(store.getSnapshot().notifications).toEqual([]);
  });

  it('stops the hide timer of a notification dismissed early', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    const id = store.notify('info', 'Saved');
    store.dismissNotification(id);
    expect(clock.pendingCount()).toBe(0);
  });
});

describe('createShellStore toasts', () => {
  it('shows at most five toasts, newest first; an older one waits with its time stopped', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    const texts = () => store.getSnapshot().toasts.map((toast) => toast.text);
    store.toast('error', 'oldest');
    clock.advance(10_000);
    for (const n of [1, 2, 3, 4, 5]) store.toast('info', `info ${n}`);
    expect(texts()).toEqual(['info 5', 'info 4', 'info 3', 'info 2', 'info 1']);
    // The five infos go after their 3000 ms; the error comes back with the 50 s it had left.
    clock.advance(3000);
    expect(texts()).toEqual(['oldest']);
    clock.advance(49_999);
    expect(texts()).toEqual(['oldest']);
    clock.advance(1);
    expect(texts()).toEqual([]);
  });

  it('keeps the time a toast has left while paused', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    store.toast('warning', 'Unknown language');
    clock.advance(3000);
    store.pauseToasts(true);
    expect(clock.pendingCount()).toBe(0);
    clock.advance(60_000);
    store.pauseToasts(false);
    clock.advance(999);
    expect(store.getSnapshot().toasts).toHaveLength(1);
    clock.advance(1);
    expect(store.getSnapshot().toasts).toEqual([]);
  });

  it('stops the timer of a toast closed early and ignores a second close', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    const id = store.toast('info', 'Saved');
    store.dismissToast(id);
    store.dismissToast(id);
    expect(clock.pendingCount()).toBe(0);
    expect(store.getSnapshot().toasts).toEqual([]);
  });
});

describe('createShellStore loading panel', () => {
  it('hides at once without a delay', () => {
    const store = createShellStore({ timers: createFakeTimers().timers });
    store.showLoading();
    expect(store.getSnapshot().isLoading).toBe(true);
    store.hideLoading();
    expect(store.getSnapshot().isLoading).toBe(false);
  });

  it('hides after the delay, read as seconds under 1000 and milliseconds from 1000', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    store.showLoading();
    store.hideLoading('2');
    clock.advance(1999);
    expect(store.getSnapshot().isLoading).toBe(true);
    clock.advance(1);
    expect(store.getSnapshot().isLoading).toBe(false);

    store.showLoading();
    store.hideLoading(1500);
    clock.advance(1499);
    expect(store.getSnapshot().isLoading).toBe(true);
    clock.advance(1);
    expect(store.getSnapshot().isLoading).toBe(false);
  });

  it('stays visible when shown again before a delayed hide runs', () => {
    const clock = createFakeTimers();
    const store = createShellStore({ timers: clock.timers });
    store.showLoading();
    store.hideLoading(1);
    clock.advance(500);
    store.showLoading();
    clock.advance(5000);
    expect(store.getSnapshot().isLoading).toBe(true);
  });
});
