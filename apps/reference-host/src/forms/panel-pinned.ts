import type { PanelStorage } from '@procedo/forms-react';

/** The local storage key of a page's pinned flag (the side panel itself keeps the hidden flag). */
export const panelPinnedStorageKey = (pageKey: string) => `procedo:panel-pinned:${pageKey}`;

/** Whether the page's side panel is pinned; pinned unless the user unpinned it. */
export function readPanelPinned(storage: PanelStorage | null, pageKey: string): boolean {
  try {
    return storage?.getItem(panelPinnedStorageKey(pageKey)) !== '0';
  } catch {
    return true;
  }
}

/** Remembers the page's pinned flag; a blocked or full storage only loses the memory. */
export function writePanelPinned(storage: PanelStorage | null, pageKey: string, isPinned: boolean): void {
  try {
    if (isPinned) storage?.removeItem(panelPinnedStorageKey(pageKey));
    else storage?.setItem(panelPinnedStorageKey(pageKey), '0');
  } catch {
    // Storage access throws where site data is blocked.
  }
}

/** The window's local storage, or `null` where it cannot be used. */
export function browserStorage(): PanelStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
