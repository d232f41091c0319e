/** The part of `Storage` the count preference uses. */
export type CountPreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The local storage key of a search form's count choice. */
export const countPreferenceKey = (webTemplateNo: number | string) => `procedo.grid.count.${webTemplateNo}`;

/** A search form's remembered count choice (on/off); see {@link countPreference}. */
export interface CountPreference {
  /** The remembered choice, or `defaultValue` when none (or storage is blocked). */
  get(defaultValue?: boolean): boolean;
  set(isOn: boolean): void;
}

const defaultStorage = (): CountPreferenceStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage access throws where cookies are blocked.
    return null;
  }
};

/**
 * Remembers whether the user wants the count of one search form's list, per form, in local storage
 * under `procedo.grid.count.<WebTemplateNo>`. Counting a large query is slow, so the choice is the
 * user's and outlives the page.
 */
export function countPreference(
  webTemplateNo: number | string,
  storage: CountPreferenceStorage | null = defaultStorage(),
): CountPreference {
  const key = countPreferenceKey(webTemplateNo);
  return {
    get(defaultValue = false) {
      try {
        const value = storage?.getItem(key);
        return value === 'on' ? true : value === 'off' ? false : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set(isOn) {
      try {
        storage?.setItem(key, isOn ? 'on' : 'off');
      } catch {
        // A full or blocked storage only loses the memory, never the count.
      }
    },
  };
}
