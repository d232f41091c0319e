import { describe, expect, it } from 'vitest';
import { setShowsPageCommands, shouldShowFloatingCommands } from './page-commands';

function topWindow() {
  const win: { parent: object } = { parent: undefined as unknown as object };
  win.parent = win;
  return win;
}

describe('shouldShowFloatingCommands', () => {
  it('shows the floating commands on a top window', () => {
    expect(shouldShowFloatingCommands(topWindow())).toBe(true);
  });

  it('shows them in a frame whose parent does not show its own', () => {
    expect(shouldShowFloatingCommands({ parent: topWindow() })).toBe(true);
  });

  it('hides them in a frame whose parent window shows them', () => {
    const parent = topWindow();
    const frame = { parent };
    setShowsPageCommands(parent, true);
    expect(shouldShowFloatingCommands(frame)).toBe(false);
  });

  it('hides them when a window further up shows them', () => {
    const top = topWindow();
    setShowsPageCommands(top, true);
    expect(shouldShowFloatingCommands({ parent: { parent: top } })).toBe(false);
  });

  it('shows them again once the parent stops showing its own', () => {
    const parent = topWindow();
    const clear = setShowsPageCommands(parent, true);
    clear();
    expect(shouldShowFloatingCommands({ parent })).toBe(true);
  });

  it("ignores a popup's opener, whose commands are in another window", () => {
    const opener = topWindow();
    setShowsPageCommands(opener, true);
    const popup = { ...topWindow(), opener };
    popup.parent = popup;
    expect(shouldShowFloatingCommands(popup)).toBe(true);
  });

  it('shows them under a parent of another origin, which cannot be read', () => {
    const crossOrigin = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    );
    expect(shouldShowFloatingCommands({ parent: crossOrigin })).toBe(true);
  });
});
