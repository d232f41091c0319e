import { describe, expect, it } from 'vitest';
import {
  type CookieJar,
  createDocumentCookieJar,
  createServerTimeoutCookie,
  readCookie,
} from './server-timeout';

function memoryJar(): CookieJar & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (name) => values.get(name) ?? null,
    set: (name, value) => void values.set(name, value),
  };
}

describe('createServerTimeoutCookie', () => {
  it('writes now + timeout + 5 s on refresh', () => {
    const cookies = memoryJar();
    let now = 1_700_000_000_000;
    const timeout = createServerTimeoutCookie({
      cookies,
      now: () => now,
      timeoutMinutes: () => 20,
      isLocked: () => false,
    });
    expect(timeout.read()).toBeNull();
    expect(timeout.refresh()).toBe(now + 20 * 60000 + 5000);
    expect(cookies.values.get('procedo_timeout')).toBe(String(now + 1_205_000));
    now += 60_000;
    timeout.refresh();
    expect(timeout.read()).toBe(now + 1_205_000);
  });

  it('reads the timeout minutes at each refresh (fractions allowed)', () => {
    const cookies = memoryJar();
    let minutes = 20;
    const timeout = createServerTimeoutCookie({
      cookies,
      now: () => 0,
      timeoutMinutes: () => minutes,
      isLocked: () => false,
    });
    minutes = 0.5;
    expect(timeout.refresh()).toBe(35_000);
  });

  it('leaves the cookie alone while the session timeout is locked', () => {
    const cookies = memoryJar();
    let locked = false;
    let now = 1000;
    const timeout = createServerTimeoutCookie({
      cookies,
      now: () => now,
      timeoutMinutes: () => 1,
      isLocked: () => locked,
    });
    timeout.refresh();
    locked = true;
    now = 999_999;
    expect(timeout.refresh()).toBeNull();
    expect(timeout.read()).toBe(1000 + 65_000);
  });

  it('writes even while locked when forced (a logon starts a new session)', () => {
    const cookies = memoryJar();
    const timeout = createServerTimeoutCookie({
      cookies,
      now: () => 5000,
      timeoutMinutes: () => 1,
      isLocked: () => true,
    });
    expect(timeout.refresh()).toBeNull();
    expect(timeout.read()).toBeNull();
    expect(timeout.refresh({ force: true })).toBe(5000 + 65_000);
    expect(timeout.read()).toBe(70_000);
  });

  it('reads a missing or garbled cookie as null and refuses a non-positive timeout', () => {
    const cookies = memoryJar();
    const timeout = createServerTimeoutCookie({ cookies, timeoutMinutes: () => 0, isLocked: () => false });
    cookies.values.set('procedo_timeout', 'soon');
    expect(timeout.read()).toBeNull();
    expect(() => timeout.refresh()).toThrow(RangeError);
  });
});

describe('document cookie jar', () => {
  it('reads one cookie out of a cookie string', () => {
    expect(readCookie('a=1; procedo_csrf=tok%3Den; b=2', 'procedo_csrf')).toBe('tok=en');
    expect(readCookie('a=1', 'procedo_csrf')).toBeNull();
  });

  it('writes path, SameSite and max-age attributes to document.cookie', () => {
    const doc = { cookie: '' };
    createDocumentCookieJar(doc).set('procedo_timeout', '123', { maxAgeSeconds: 60 });
    expect(doc.cookie).toBe('procedo_timeout=123; path=/; SameSite=Strict; max-age=60');
  });

  it('holds nothing where there is no document', () => {
    const jar = createDocumentCookieJar(undefined);
    jar.set('x', '1');
    expect(jar.get('x')).toBeNull();
  });
});
