import { useCallback, useSyncExternalStore } from 'react';

/**
 * Permissions mode (spec §4, §6): on while the permissions cookie setting is 1. While it is on, a
 * right-click on a named element of a form opens the element permissions editor. A cookie (not
 * local state) so every page and popup of the site sees the same mode; it carries no right of its
 * own — the server checks the permission-design role on every editor request.
 */
export const PERMISSIONS_COOKIE = 'procedo_permissions';

const listeners = new Set<() => void>();

function cookieValue(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Whether permissions mode is on (the cookie setting is 1). */
export function readPermissionsMode(doc: Document = document): boolean {
  return cookieValue(doc, PERMISSIONS_COOKIE) === '1';
}

/** Turns permissions mode on (cookie setting 1) or off (cookie removed) for the whole site. */
export function setPermissionsMode(on: boolean, doc: Document = document): void {
  doc.cookie = on
    ? `${PERMISSIONS_COOKIE}=1; path=/; SameSite=Strict`
    : `${PERMISSIONS_COOKIE}=; path=/; SameSite=Strict; max-age=0`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Permissions mode and its setter; every component using it re-renders when it changes. */
export function usePermissionsMode(): readonly [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => readPermissionsMode(),
    () => false,
  );
  const set = useCallback((next: boolean) => setPermissionsMode(next), []);
  return [on, set] as const;
}
