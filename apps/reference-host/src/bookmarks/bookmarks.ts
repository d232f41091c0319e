import type { Bookmark } from '@procedo/client-api';
import { useSyncExternalStore } from 'react';

// A count of confirmed toggles in this window: the lists that show bookmarks read them again.
let changes = 0;
const listeners = new Set<() => void>();

/** Says that a bookmark was added or removed (after the server confirmed it). */
export function bookmarksChanged(): void {
  changes += 1;
  for (const listener of listeners) listener();
}

/** A number that moves each time a bookmark changes: a dependency for loading the list again. */
export function useBookmarkChanges(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => changes,
  );
}

/** The bookmarks whose title (or form title) contains a Quick find text, case-insensitive; none for an empty text. */
export function matchBookmarks(items: readonly Bookmark[], text: string): Bookmark[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return items.filter(
    (item) =>
      item.Title.toLocaleLowerCase().includes(needle) || item.FormTitle.toLocaleLowerCase().includes(needle),
  );
}
