/** Attributes of a cookie written by a {@link CookieJar}. */
export interface CookieAttributes {
  /** @default '/' */
  path?: string;
  /** Lifetime in seconds; a session cookie when left out. */
  maxAgeSeconds?: number;
  /** @default 'Strict' */
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/** Reads and writes cookies: the browser's `document.cookie`, or an in-memory fake in tests. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, attributes?: CookieAttributes): void;
}

/** Reads a cookie from a `document.cookie`-style string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** A {@link CookieJar} over `document.cookie` (a jar that holds nothing where there is no document). */
export function createDocumentCookieJar(
  doc: { cookie: string } | undefined = (globalThis as { document?: { cookie: string } }).document,
): CookieJar {
  return {
    get: (name) => (doc ? readCookie(doc.cookie, name) : null),
    set(name, value, attributes = {}) {
      if (!doc) return;
      let cookie = `${name}=${encodeURIComponent(value)}; path=${attributes.path ?? '/'}; SameSite=${attributes.sameSite ?? 'Strict'}`;
      if (attributes.maxAgeSeconds !== undefined)
        cookie += `; max-age=${Math.round(attributes.maxAgeSeconds)}`;
      doc.cookie = cookie;
    },
  };
}

/** Name of the server-communication timeout cookie. */
export const SERVER_TIMEOUT_COOKIE = 'procedo_timeout';

/** Spec §4/§9: the server-communication timeout margin, added to the session timeout. */
export const SERVER_TIMEOUT_MARGIN_MS = 5000;

/** Options of {@link createServerTimeoutCookie}. */
export interface ServerTimeoutCookieOptions {
  /** @default a jar over `document.cookie` */
  cookies?: CookieJar;
  /** @default Date.now */
  now?: () => number;
  /** The session timeout in minutes (fractions allowed), read at each refresh. */
  timeoutMinutes: () => number;
  /** Whether the session timeout is locked; a locked session's cookie is not refreshed. */
  isLocked: () => boolean;
  /** @default 'procedo_timeout' */
  name?: string;
}

/** The server-communication timeout cookie: the epoch ms of the session's client-side deadline. */
export interface ServerTimeoutCookie {
  /**
   * Spec §4: after each server call, writes now + timeout + 5 s, unless the session timeout is
   * locked. Returns the deadline written, or `null` when locked. `force` writes even when locked:
   * a successful logon starts a new session, and its deadline is what unlocks every tab.
   */
  refresh(options?: { force?: boolean }): number | null;
  /** The deadline stored in the cookie, or `null` when there is none (or it is not a number). */
  read(): number | null;
}

/** Creates the server-communication timeout cookie of spec §4. */
export function createServerTimeoutCookie(options: ServerTimeoutCookieOptions): ServerTimeoutCookie {
  const cookies = options.cookies ?? createDocumentCookieJar();
  const now = options.now ?? Date.now;
  const name = options.name ?? SERVER_TIMEOUT_COOKIE;
  return {
    refresh({ force = false } = {}) {
      if (!force && options.isLocked()) return null;
      const minutes = options.timeoutMinutes();
      if (!Number.isFinite(minutes) || minutes <= 0) {
        throw new RangeError(`timeoutMinutes must be a positive number, got ${minutes}`);
      }
      const deadline = now() + minutes * 60000 + SERVER_TIMEOUT_MARGIN_MS;
      cookies.set(name, String(deadline), { path: '/', sameSite: 'Strict' });
      return deadline;
    },
    read() {
      const value = cookies.get(name);
      if (value === null || !/^\d+$/.test(value)) return null;
      return Number(value);
    },
  };
}
