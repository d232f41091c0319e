import { describe, expect, it } from 'vitest';
import { createLocalSettings, LocalSettingsError, type StorageLike } from './local-settings';

function memoryStorage(): StorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

describe('createLocalSettings', () => {
  it('stores JSON values under procedo:<database id>:<key>', () => {
    const storage = memoryStorage();
    const settings = createLocalSettings({ storage, getDatabaseId: () => 'demo' });
    settings.store('pinnedPanel', { hidden: true, width: 350 });
    expect(storage.entries.get('procedo:demo:pinnedPanel')).toBe('{"hidden":true,"width":350}');
    expect(settings.retrieve('pinnedPanel')).toEqual({ hidden: true, width: 350 });
  });

  it('keeps each database apart', () => {
    const storage = memoryStorage();
    let databaseId = 'demo';
    const settings = createLocalSettings({ storage, getDatabaseId: () => databaseId });
    settings.store('ui', 'classic');
    databaseId = 'training';
    expect(settings.retrieve('ui')).toBeNull();
    settings.store('ui', 'modern');
    databaseId = 'demo';
    expect(settings.retrieve('ui')).toBe('classic');
  });

  it('removes a setting, and treats undefined as removal', () => {
    const storage = memoryStorage();
    const settings = createLocalSettings({ storage, getDatabaseId: () => 'demo', prefix: 'app' });
    settings.store('a', 1);
    settings.store('b', 2);
    settings.remove('a');
    settings.store('b', undefined);
    expect(storage.entries.size).toBe(0);
    expect(settings.retrieve('a')).toBeNull();
  });

  it('uses the given prefix', () => {
    const storage = memoryStorage();
    createLocalSettings({ storage, getDatabaseId: () => 'demo', prefix: 'app' }).store('k', false);
    expect([...storage.entries.keys()]).toEqual(['app:demo:k']);
  });

  it('answers null for a value that is not JSON', () => {
    const storage = memoryStorage();
    storage.setItem('procedo:demo:broken', '{not json');
    const settings = createLocalSettings({ storage, getDatabaseId: () => 'demo' });
    expect(settings.retrieve('broken')).toBeNull();
  });

  it.each([null, undefined, ''])('throws the spec §8 messages without a database id (%j)', (databaseId) => {
    const storage = memoryStorage();
    const settings = createLocalSettings({ storage, getDatabaseId: () => databaseId });
    const attempt = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return error;
      }
      throw new Error('expected a LocalSettingsError');
    };
    const stored = attempt(() => settings.store('k', 1));
    const retrieved = attempt(() => settings.retrieve('k'));
    const removed = attempt(() => settings.remove('k'));
    expect(stored).toBeInstanceOf(LocalSettingsError);
    expect((stored as Error).message).toBe('Unable to store local settings without a database id');
    expect((retrieved as Error).message).toBe('Unable to retrieve local settings without a database id');
    expect((removed as LocalSettingsError).message).toBe(
      'Unable to remove local settings without a database id',
    );
    expect((removed as LocalSettingsError).operation).toBe('remove');
    expect(storage.entries.size).toBe(0);
  });
});
