import { useCallback, useSyncExternalStore } from 'react';

/**
 * Translation mode (spec §2 translation prompt, §6): on while the translation cookie setting is 1.
 * While it is on, each labelled element of a form offers the translation prompt. A cookie (not
 * local state) so every page and popup of the site sees the same mode; it carries no right of its
 * own — the server checks the translation-admin role on every translation command.
 */
export const TRANSLATION_COOKIE = 'procedo_translation';

const listeners = new Set<() => void>();

function cookieValue(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Whether translation mode is on (the cookie setting is 1). */
export function readTranslationMode(doc: Document = document): boolean {
  return cookieValue(doc, TRANSLATION_COOKIE) === '1';
}

/** Turns translation mode on (cookie setting 1) or off (cookie removed) for the whole site. */
export function setTranslationMode(on: boolean, doc: Document = document): void {
  doc.cookie = on
    ? `${TRANSLATION_COOKIE}=1; path=/; SameSite=Strict`
    : `${TRANSLATION_COOKIE}=; path=/; SameSite=Strict; max-age=0`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translation mode and its setter; every component using it re-renders when it changes. */
export function useTranslationMode(): readonly [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => readTranslationMode(),
    () => false,
  );
  const set = useCallback((next: boolean) => setTranslationMode(next), []);
  return [on, set] as const;
}
