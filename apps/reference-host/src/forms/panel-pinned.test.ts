import { describe, expect, it } from 'vitest';
import { panelPinnedStorageKey, readPanelPinned, writePanelPinned } from './panel-pinned';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('side panel pinned flag', () => {
  it('is pinned until unpinned, and remembered per page', () => {
    const storage = memoryStorage();
    expect(readPanelPinned(storage, 'form-102')).toBe(true);
    writePanelPinned(storage, 'form-102', false);
    expect(readPanelPinned(storage, 'form-102')).toBe(false);
    expect(readPanelPinned(storage, 'form-103')).toBe(true);
    expect(storage.items.get(panelPinnedStorageKey('form-102'))).toBe('0');
    writePanelPinned(storage, 'form-102', true);
    expect(storage.items.size).toBe(0);
  });

  it('falls back to pinned when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readPanelPinned(broken, 'form-102')).toBe(true);
    expect(() => writePanelPinned(broken, 'form-102', false)).not.toThrow();
  });
});
