// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PanelStorage, SidePanel, UNPINNED_PANEL_WIDTH } from './SidePanel';

/** An in-memory `Storage`. */
function memoryStorage(): PanelStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

const panel = () => document.querySelector('.procedo-SidePanel') as HTMLElement;

afterEach(() => {
  localStorage.clear();
});

describe('SidePanel', () => {
  it('is part of the layout when pinned, with a pressed pin button and no hide button', () => {
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={memoryStorage()}>
        <p>Panel content</p>
      </SidePanel>,
    );
    const region = screen.getByRole('region', { name: 'Filters' });
    expect(region.getAttribute('style')).toBeNull();
    expect(region.hasAttribute('data-pinned')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pin panel' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Hide panel' })).toBeNull();
    expect(screen.getByText('Panel content')).toBeTruthy();
  });

  it('floats 350 px wide when unpinned and reports the change', async () => {
    const user = userEvent.setup();
    const onPinnedChange = vi.fn();
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={memoryStorage()} onPinnedChange={onPinnedChange}>
        <p>Panel content</p>
      </SidePanel>,
    );
    await user.click(screen.getByRole('button', { name: 'Pin panel' }));
    expect(onPinnedChange).toHaveBeenCalledWith(false);
    expect(UNPINNED_PANEL_WIDTH).toBe(350);
    expect(panel().style.width).toBe('350px');
    expect(panel().style.position).toBe('absolute');
    expect(panel().hasAttribute('data-unpinned')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pin panel' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('hides and shows an unpinned panel, keeping its content mounted', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={storage} defaultPinned={false}>
        <input aria-label="Note" />
      </SidePanel>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    await user.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(panel().hidden).toBe(true);
    expect(storage.entries.get('procedo:panel-hidden:form-12')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Show Filters' }));
    expect(panel().hidden).toBe(false);
    expect(storage.entries.has('procedo:panel-hidden:form-12')).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('kept');
  });

  it('remembers the hidden flag per page', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const view = render(
      <SidePanel pageKey="form-12" title="Filters" storage={storage} defaultPinned={false}>
        <p>Panel content</p>
      </SidePanel>,
    );
    await user.click(screen.getByRole('button', { name: 'Hide panel' }));

    view.rerender(
      <SidePanel pageKey="form-13" title="Filters" storage={storage} defaultPinned={false}>
        <p>Panel content</p>
      </SidePanel>,
    );
    expect(panel().hidden).toBe(false);

    view.unmount();
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={storage} defaultPinned={false}>
        <p>Panel content</p>
      </SidePanel>,
    );
    expect(panel().hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Show Filters' })).toBeTruthy();
  });

  it('keeps the flag in window.localStorage by default', async () => {
    const user = userEvent.setup();
    render(
      <SidePanel pageKey="home" title="Bookmarks" defaultPinned={false}>
        <p>Panel content</p>
      </SidePanel>,
    );
    await user.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(localStorage.getItem('procedo:panel-hidden:home')).toBe('1');
  });

  it('hides an unpinned panel on Escape', async () => {
    const user = userEvent.setup();
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={memoryStorage()} defaultPinned={false}>
        <input aria-label="Note" />
      </SidePanel>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Escape}');
    expect(panel().hidden).toBe(true);
  });

  it('shows a pinned panel whatever the page remembered, and hides it again once unpinned', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    storage.setItem('procedo:panel-hidden:form-12', '1');
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={storage}>
        <p>Panel content</p>
      </SidePanel>,
    );
    expect(panel().hidden).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pin panel' }));
    expect(panel().hidden).toBe(true);
  });

  it('still works when storage throws', async () => {
    const user = userEvent.setup();
    const broken: PanelStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    render(
      <SidePanel pageKey="form-12" title="Filters" storage={broken}>
        <p>Panel content</p>
      </SidePanel>,
    );
    expect(panel().hidden).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pin panel' }));
    await user.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(panel().hidden).toBe(true);
  });
});
