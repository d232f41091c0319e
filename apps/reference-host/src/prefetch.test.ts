import { describe, expect, it } from 'vitest';
import { readsSessionFirst } from './App';
import { dropPrefetched, prefetch, prefetchKeys, takePrefetched } from './prefetch';

const never = () => new Promise<never>(() => undefined);

describe('prefetched calls', () => {
  it('hands the started call to the first reader of its key, and calls again after that', async () => {
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    prefetch('a', load, 1_000);
    expect(calls).toBe(1);
    await expect(takePrefetched('a', load, 1_500)).resolves.toBe(1);
    await expect(takePrefetched('a', load, 1_600)).resolves.toBe(2);
    expect(calls).toBe(2);
  });

  it('calls anew for another key and for a call started more than 10 s before', async () => {
    prefetch('b', () => Promise.resolve('old'), 0);
    await expect(takePrefetched('c', () => Promise.resolve('other'), 0)).resolves.toBe('other');
    await expect(takePrefetched('b', () => Promise.resolve('new'), 10_001)).resolves.toBe('new');
  });

  it('hands over a failure to its reader, and a failure nobody reads is not unhandled', async () => {
    prefetch('d', () => Promise.reject(new Error('401')));
    prefetch('e', () => Promise.reject(new Error('unread')));
    await expect(takePrefetched('d', never)).rejects.toThrow('401');
  });

  it('drops every call but the one kept', async () => {
    prefetch(prefetchKeys.session, () => Promise.resolve('session'));
    prefetch(prefetchKeys.dashboard(1, null), () => Promise.resolve('stale'));
    dropPrefetched(prefetchKeys.session);
    await expect(takePrefetched(prefetchKeys.session, never)).resolves.toBe('session');
    await expect(
      takePrefetched(prefetchKeys.dashboard(1, null), () => Promise.resolve('fresh')),
    ).resolves.toBe('fresh');
  });

  it('keys a dashboard by its number and timepoint', () => {
    expect(prefetchKeys.dashboard(1, null)).not.toBe(prefetchKeys.dashboard(1, '2026-01-01 00:00'));
    expect(prefetchKeys.dashboard(1, null)).not.toBe(prefetchKeys.dashboard(2, null));
  });
});

describe('readsSessionFirst', () => {
  it('holds for the pages inside the signed-in shell', () => {
    for (const pathname of ['/', '/dashboard', '/form', '/designer/form', '/no-such-page']) {
      expect(readsSessionFirst({ pathname, search: '' }), pathname).toBe(true);
    }
  });

  it('does not hold for the logon, blank and help pages, nor for the sign-out address', () => {
    for (const [pathname, search] of [
      ['/logon', ''],
      ['/blank', ''],
      ['/help/getting-started', ''],
      ['/', '?cmd=logout_kill'],
    ] as const) {
      expect(readsSessionFirst({ pathname, search }), `${pathname}${search}`).toBe(false);
    }
  });
});
