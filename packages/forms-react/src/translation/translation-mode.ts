import { createSiteMode, useSiteMode } from '../state/site-mode';

/**
 * Translation mode (spec §2 translation prompt, §6): on while the translation cookie setting is 1.
 * While it is on, each labelled element of a form offers the translation prompt. The server
 * checks the translation-admin role on every translation command.
 */
export const TRANSLATION_COOKIE = 'procedo_translation';

const mode = createSiteMode(TRANSLATION_COOKIE);

/** Whether translation mode is on (the cookie setting is 1). */
export const readTranslationMode = (doc: Document = document): boolean => mode.read(doc);

/** Turns translation mode on (cookie setting 1) or off (cookie removed) for the whole site. */
export const setTranslationMode = (on: boolean, doc: Document = document): void => mode.set(on, doc);

/** Translation mode and its setter; every component using it re-renders when it changes. */
export function useTranslationMode(): readonly [boolean, (on: boolean) => void] {
  return useSiteMode(mode);
}
