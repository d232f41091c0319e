import { useCallback, useSyncExternalStore } from 'react';

/**
 * A site-wide on/off mode kept in a cookie (setting 1), such as permissions mode and translation
 * mode. A cookie, not local state, so every page and popup of the site sees the same mode; it
 * carries no right of its own (the server checks the role behind each mode on every request).
 */
export interface SiteMode {
  /** Whether the mode is on (the cookie setting is 1). */
  read(doc?: Document): boolean;
  /** Turns the mode on (cookie setting 1) or off (cookie removed) for the whole site. */
  set(on: boolean, doc?: Document): void;
  /** Calls `listener` after each change through {@link SiteMode.set}; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

function cookieValue(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The {@link SiteMode} kept in the cookie `cookieName`. */
export function createSiteMode(cookieName: string): SiteMode {
  const listeners = new Set<() => void>();
  const read = (doc: Document = document) => cookieValue(doc, cookieName) === '1';
  return {
    read,
    set(on, doc = document) {
      doc.cookie = on
        ? `${cookieName}=1; path=/; SameSite=Strict`
        : `${cookieName}=; path=/; SameSite=Strict; max-age=0`;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A site mode and its setter; every component using it re-renders when it changes. */
export function useSiteMode(mode: SiteMode): readonly [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    mode.subscribe,
    () => mode.read(),
    () => false,
  );
  const set = useCallback((next: boolean) => mode.set(next), [mode]);
  return [on, set] as const;
}
