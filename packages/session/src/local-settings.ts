/** The part of the Web Storage API local settings use (`window.localStorage` fits). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The operations of local settings, as their errors name them. */
export type LocalSettingsOperation = 'store' | 'retrieve' | 'remove';

/** Spec §8: the messages of local settings used without a database id (exact wording). */
export const LocalSettingsMessages = {
  store: 'Unable to store local settings without a database id',
  retrieve: 'Unable to retrieve local settings without a database id',
  remove: 'Unable to remove local settings without a database id',
} as const satisfies Record<LocalSettingsOperation, string>;

/** Thrown when local settings are used while no database id is known (spec §8). */
export class LocalSettingsError extends Error {
  override readonly name = 'LocalSettingsError';
  readonly isLocalSettingsError = true;
  /** The operation that failed. */
  readonly operation: LocalSettingsOperation;

  constructor(operation: LocalSettingsOperation) {
    super(LocalSettingsMessages[operation]);
    this.operation = operation;
  }
}

/** Options of {@link createLocalSettings}. */
export interface LocalSettingsOptions {
  /** Where the settings are kept, usually `window.localStorage`. */
  storage: StorageLike;
  /** The current database id (settings are kept per database), or nothing before logon. */
  getDatabaseId: () => string | null | undefined;
  /**
   * The first part of every storage key.
   * @default 'procedo'
   */
  prefix?: string;
}

/** Settings kept in the browser per database, as JSON, under `${prefix}:${databaseId}:${key}`. */
export interface LocalSettings {
  /** Stores `value` as JSON (`undefined` removes the setting). */
  store(key: string, value: unknown): void;
  /** The stored value, or `null` when there is none or it is not valid JSON. */
  retrieve<T = unknown>(key: string): T | null;
  /** Removes the setting. */
  remove(key: string): void;
}

/**
 * Makes local settings storage keyed by database id, so two databases used from one browser
 * never share a setting. Without a database id each operation throws a {@link LocalSettingsError}
 * with the spec §8 message.
 *
 * @example
 * const settings = createLocalSettings({ storage: localStorage, getDatabaseId: () => context.WebDatabaseId });
 * settings.store('pinnedPanel.hidden', true);
 */
export function createLocalSettings(options: LocalSettingsOptions): LocalSettings {
  const prefix = options.prefix ?? 'procedo';
  if (!options.storage) throw new TypeError('createLocalSettings needs a storage');
  if (typeof options.getDatabaseId !== 'function') {
    throw new TypeError('createLocalSettings needs a getDatabaseId function');
  }

  const keyFor = (operation: LocalSettingsOperation, key: string) => {
    const databaseId = options.getDatabaseId();
    if (typeof databaseId !== 'string' || databaseId === '') throw new LocalSettingsError(operation);
    if (typeof key !== 'string' || key === '')
      throw new TypeError('A local settings key must be a non-empty string');
    return `${prefix}:${databaseId}:${key}`;
  };

  return {
    store(key, value) {
      const storageKey = keyFor('store', key);
      const json = JSON.stringify(value);
      if (json === undefined) options.storage.removeItem(storageKey);
      else options.storage.setItem(storageKey, json);
    },
    retrieve<T>(key: string): T | null {
      const raw = options.storage.getItem(keyFor('retrieve', key));
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        // Written by something else, or cut short: treat it as no setting.
        return null;
      }
    },
    remove(key) {
      options.storage.removeItem(keyFor('remove', key));
    },
  };
}
