import { type CookieJar, createDocumentCookieJar } from '@procedo/client-api';

/** The prefix of every control runtime property cookie. */
export const CONTROL_PROPERTY_COOKIE_PREFIX = 'procedo_cp_';

/** How long a control runtime property is kept: one year, in seconds. */
export const CONTROL_PROPERTY_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Browsers keep about 4 KB per cookie; a longer value would be dropped silently, so it is refused. */
const MAX_COOKIE_BYTES = 4000;

/**
 * Makes one cookie-name part safe and unambiguous: letters and digits stay, every other character
 * (the `_` separator included) becomes `-` and its UTF-16 code in hex, four digits.
 */
function encodeNamePart(part: string): string {
  let encoded = '';
  for (const char of part) {
    if (/^[A-Za-z0-9]$/.test(char)) encoded += char;
    else {
      for (let index = 0; index < char.length; index++) {
        encoded += `-${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
      }
    }
  }
  return encoded;
}

/**
 * The cookie name of a control runtime property:
 * `procedo_cp_<webTemplateNo>_<control>_<property>`, each part sanitised so that no two keys share
 * a name (`lst_Orders` becomes `lst-005fOrders`).
 *
 * @example controlPropertyCookieName(12, 'grdOrders', 'PageSize') // 'procedo_cp_12_grdOrders_PageSize'
 */
export function controlPropertyCookieName(
  webTemplateNo: number | string,
  controlName: string,
  property: string,
): string {
  if (controlName === '' || property === '')
    throw new RangeError('A control property needs a control name and a property.');
  return `${CONTROL_PROPERTY_COOKIE_PREFIX}${encodeNamePart(String(webTemplateNo))}_${encodeNamePart(controlName)}_${encodeNamePart(property)}`;
}

/** Options of {@link createControlPropertyStore}. */
export interface ControlPropertyStoreOptions {
  /** Where the cookies live. @default a jar over `document.cookie` */
  cookies?: CookieJar;
}

/** Control runtime properties (spec §3), kept in cookies keyed by web template, control and property. */
export interface ControlPropertyStore {
  /** The stored value, or `null` when there is none. */
  get(webTemplateNo: number | string, controlName: string, property: string): string | null;
  /** Stores a value for a year (path `/`, SameSite=Strict). Throws a `RangeError` for a value over 4 KB. */
  set(webTemplateNo: number | string, controlName: string, property: string, value: string): void;
  /** Forgets a value. */
  remove(webTemplateNo: number | string, controlName: string, property: string): void;
}

/**
 * Creates the store of control runtime properties (a grid's page size, a splitter's position…).
 *
 * @example
 * const properties = createControlPropertyStore();
 * properties.set(12, 'grdOrders', 'PageSize', '50');
 * properties.get(12, 'grdOrders', 'PageSize'); // '50'
 */
export function createControlPropertyStore(options: ControlPropertyStoreOptions = {}): ControlPropertyStore {
  const cookies = options.cookies ?? createDocumentCookieJar();
  return {
    get: (webTemplateNo, controlName, property) =>
      cookies.get(controlPropertyCookieName(webTemplateNo, controlName, property)),
    set(webTemplateNo, controlName, property, value) {
      const name = controlPropertyCookieName(webTemplateNo, controlName, property);
      if (name.length + encodeURIComponent(value).length > MAX_COOKIE_BYTES) {
        throw new RangeError(`The value of ${controlName}.${property} is too long to keep in a cookie.`);
      }
      cookies.set(name, value, {
        path: '/',
        sameSite: 'Strict',
        maxAgeSeconds: CONTROL_PROPERTY_MAX_AGE_SECONDS,
      });
    },
    remove(webTemplateNo, controlName, property) {
      cookies.set(controlPropertyCookieName(webTemplateNo, controlName, property), '', {
        path: '/',
        sameSite: 'Strict',
        maxAgeSeconds: 0,
      });
    },
  };
}
