// @vitest-environment jsdom
import { type CookieAttributes, type CookieJar, createDocumentCookieJar } from '@procedo/client-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONTROL_PROPERTY_MAX_AGE_SECONDS,
  controlPropertyCookieName,
  createControlPropertyStore,
} from './control-properties';

/** An in-memory cookie jar that records the attributes of each write. */
function memoryJar(): CookieJar & {
  writes: { name: string; value: string; attributes?: CookieAttributes }[];
} {
  const values = new Map<string, string>();
  const writes: { name: string; value: string; attributes?: CookieAttributes }[] = [];
  return {
    writes,
    get: (name) => values.get(name) ?? null,
    set(name, value, attributes) {
      writes.push({ name, value, attributes });
      if (attributes?.maxAgeSeconds === 0) values.delete(name);
      else values.set(name, value);
    },
  };
}

afterEach(() => {
  const jar = createDocumentCookieJar();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) jar.set(name, '', { maxAgeSeconds: 0 });
  }
});

describe('control property cookie names', () => {
  it('are keyed by web template, control name and property', () => {
    expect(controlPropertyCookieName(12, 'grdOrders', 'PageSize')).toBe('procedo_cp_12_grdOrders_PageSize');
    expect(controlPropertyCookieName('7', 'splitMain', 'Position')).toBe('procedo_cp_7_splitMain_Position');
  });

  it('sanitise every other character so that different keys never share a cookie', () => {
    const a = controlPropertyCookieName(1, 'lst_a', 'b');
    const b = controlPropertyCookieName(1, 'lst', 'a_b');
    expect(a).toBe('procedo_cp_1_lst-005fa_b');
    expect(b).toBe('procedo_cp_1_lst_a-005fb');
    expect(a).not.toBe(b);
    expect(controlPropertyCookieName(1, 'grid; evil=1', 'x')).toMatch(/^procedo_cp_1_[A-Za-z0-9-]+_x$/);
  });

  it('refuse an empty control name or property', () => {
    expect(() => controlPropertyCookieName(1, '', 'x')).toThrow(RangeError);
    expect(() => controlPropertyCookieName(1, 'grid', '')).toThrow(RangeError);
  });
});

describe('createControlPropertyStore', () => {
  it('writes a year-long, site-wide, SameSite=Strict cookie and reads it back', () => {
    const cookies = memoryJar();
    const store = createControlPropertyStore({ cookies });
    store.set(12, 'grdOrders', 'PageSize', '50');
    expect(store.get(12, 'grdOrders', 'PageSize')).toBe('50');
    expect(store.get(13, 'grdOrders', 'PageSize')).toBeNull();
    expect(store.get(12, 'grdOrders', 'SortColumn')).toBeNull();
    expect(cookies.writes).toEqual([
      {
        name: 'procedo_cp_12_grdOrders_PageSize',
        value: '50',
        attributes: { path: '/', sameSite: 'Strict', maxAgeSeconds: CONTROL_PROPERTY_MAX_AGE_SECONDS },
      },
    ]);
    expect(CONTROL_PROPERTY_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it('removes a value by expiring its cookie', () => {
    const cookies = memoryJar();
    const store = createControlPropertyStore({ cookies });
    store.set(12, 'grdOrders', 'PageSize', '50');
    store.remove(12, 'grdOrders', 'PageSize');
    expect(store.get(12, 'grdOrders', 'PageSize')).toBeNull();
    expect(cookies.writes[1]?.attributes?.maxAgeSeconds).toBe(0);
  });

  it('refuses a value too long for a cookie', () => {
    const store = createControlPropertyStore({ cookies: memoryJar() });
    expect(() => store.set(12, 'grdOrders', 'Columns', 'x'.repeat(5000))).toThrow(RangeError);
  });

  it('keeps values in document.cookie by default, any text included', () => {
    const store = createControlPropertyStore();
    store.set(12, 'grdOrders', 'Columns', 'code;name = é');
    expect(document.cookie).toContain('procedo_cp_12_grdOrders_Columns=');
    expect(
      createControlPropertyStore({ cookies: createDocumentCookieJar() }).get(12, 'grdOrders', 'Columns'),
    ).toBe('code;name = é');
    store.remove(12, 'grdOrders', 'Columns');
    expect(store.get(12, 'grdOrders', 'Columns')).toBeNull();
  });
});
