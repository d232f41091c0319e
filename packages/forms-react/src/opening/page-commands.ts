/**
 * The window property a page sets while it shows its floating page commands; the pages in its
 * frames and dialogs read it to hide their own (spec §2).
 */
export const SHOWS_PAGE_COMMANDS_PROPERTY = '__procedoShowsPageCommands';

/**
 * Marks a window as showing (or no longer showing) its floating page commands. Returns a function
 * that clears the mark.
 *
 * @example
 * useEffect(() => setShowsPageCommands(window, true), []);
 */
export function setShowsPageCommands(win: object, shows: boolean): () => void {
  const holder = win as Record<string, unknown>;
  holder[SHOWS_PAGE_COMMANDS_PROPERTY] = shows;
  return () => {
    holder[SHOWS_PAGE_COMMANDS_PROPERTY] = false;
  };
}

/**
 * Spec §2: floating page commands are hidden when the parent window shows them. Returns `false`
 * when any window this page is framed in (its parent, its parent's parent… up to the top) has set
 * the flag with {@link setShowsPageCommands}; cross-origin parents cannot be read and count as not
 * showing them. A popup's opener is a separate window whose commands are not on screen with the
 * popup, so it does not count.
 */
export function shouldShowFloatingCommands(win: { readonly parent?: unknown }): boolean {
  let current: object = win;
  for (let depth = 0; depth < 16; depth++) {
    let parent: unknown;
    try {
      parent = (current as { parent?: unknown }).parent;
    } catch {
      return true;
    }
    // The top window is its own parent.
    if (!parent || typeof parent !== 'object' || parent === current) return true;
    try {
      if ((parent as Record<string, unknown>)[SHOWS_PAGE_COMMANDS_PROPERTY] === true) return false;
    } catch {
      // A cross-origin parent throws on reads; its commands are none of ours.
    }
    current = parent;
  }
  return true;
}
