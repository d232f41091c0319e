// @vitest-environment jsdom
import type { FormDefinition } from '@procedo/client-api';
import { Messages } from '@procedo/client-api';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { recordDefinition } from '../state/fixtures';
import { createFormStore, type FormStoreOptions } from '../state/form-store';
import { FormRenderer, type FormRendererProps } from './FormRenderer';

type TabSelect = NonNullable<FormRendererProps['onTabSelect']>;

const definition: FormDefinition = {
  ...recordDefinition,
  Elements: [
    {
      Kind: 'tabs',
      Name: 'Sections',
      Label: 'Sections',
      Tabs: [
        { Name: 'General', Label: 'General', Elements: [{ Kind: 'text', Name: 'Title', Label: 'Title' }] },
        { Name: 'Contacts', Label: 'Contacts', Elements: [{ Kind: 'phone', Name: 'Tel', Label: 'Tel' }] },
        {
          Name: 'Quality',
          Label: 'Quality',
          Elements: [{ Kind: 'number', Name: 'Rating', Label: 'Rating' }],
        },
      ],
    },
  ],
};

function renderTabs(
  props: Omit<FormRendererProps, 'store'> = {},
  permissions: FormStoreOptions['permissions'] = [],
) {
  const store = createFormStore({ definition, permissions });
  const view = render(<FormRenderer store={store} {...props} />);
  return { ...view, user: userEvent.setup() };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const tabNames = () => screen.getAllByRole('tab').map((element) => element.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((element) => element.getAttribute('aria-selected') === 'true');

describe('TabsField', () => {
  it('links the tablist, the tabs and the selected panel, with the selected tab the only Tab stop', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const [general, contacts, quality] = screen.getAllByRole('tab');
    expect(general?.getAttribute('aria-selected')).toBe('true');
    expect(contacts?.getAttribute('aria-selected')).toBe('false');
    expect([general, contacts, quality].map((element) => element?.tabIndex)).toEqual([0, -1, -1]);
    expect(general?.hasAttribute('data-selected')).toBe(true);
    expect(contacts?.hasAttribute('data-selected')).toBe(false);
    // Only the selected tab's panel exists, so only that tab names one.
    expect(contacts?.hasAttribute('aria-controls')).toBe(false);
    const panel = screen.getByRole('tabpanel', { name: 'General' });
    expect(general?.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(general?.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(panel.contains(screen.getByLabelText('Title'))).toBe(true);
    for (const element of screen.getAllByRole('tab')) {
      expect(element.tagName).toBe('BUTTON');
      expect(element.getAttribute('type')).toBe('button');
    }
  });

  it('moves focus and selection with ArrowRight and ArrowLeft, wrapping at both ends', async () => {
    const onTabSelect = vi.fn<TabSelect>(async () => undefined);
    const { user } = renderTabs({ onTabSelect });
    tab('General').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Contacts'));
    expect(selectedTab()).toBe(tab('Contacts'));
    expect(screen.getByLabelText('Tel')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tab('General'));
    expect(selectedTab()).toBe(tab('General'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Quality'));
    expect(selectedTab()).toBe(tab('Quality'));
    expect([tab('General'), tab('Contacts'), tab('Quality')].map((element) => element.tabIndex)).toEqual([
      -1, -1, 0,
    ]);
    expect(onTabSelect.mock.calls.map(([event]) => event.tabName)).toEqual([
      'Contacts',
      'Quality',
      'General',
      'Quality',
    ]);
  });

  it('goes to the first and last tab with Home and End', async () => {
    const { user } = renderTabs();
    await user.click(tab('Contacts'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Quality'));
    expect(selectedTab()).toBe(tab('Quality'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('General'));
    expect(selectedTab()).toBe(tab('General'));
  });

  it('swaps the arrows where the page reads right to left', async () => {
    const store = createFormStore({ definition });
    const user = userEvent.setup();
    render(
      <div dir="rtl">
        <FormRenderer store={store} />
      </div>,
    );
    tab('General').focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Contacts'));
    expect(selectedTab()).toBe(tab('Contacts'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tab('Quality'));
    expect(selectedTab()).toBe(tab('Quality'));
  });

  it('leaves modified arrows and other keys to the browser', async () => {
    const onTabSelect = vi.fn<TabSelect>(async () => undefined);
    renderTabs({ onTabSelect });
    tab('General').focus();
    // Alt+ArrowLeft is the browser's Back.
    expect(fireEvent.keyDown(tab('General'), { key: 'ArrowLeft', altKey: true })).toBe(true);
    expect(fireEvent.keyDown(tab('General'), { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(tab('General'), { key: 'ArrowRight' })).toBe(false);
    expect(selectedTab()).toBe(tab('Contacts'));
    await act(async () => undefined);
    expect(onTabSelect).toHaveBeenCalledTimes(1);
  });

  it('calls onTabSelect once per change: not for the first tab, a click on the selected one or Home there', async () => {
    const onTabSelect = vi.fn<TabSelect>(async () => undefined);
    const { user } = renderTabs({ onTabSelect });
    await user.click(tab('General'));
    await user.keyboard('{Home}');
    expect(onTabSelect).not.toHaveBeenCalled();
    await user.click(tab('Quality'));
    await user.click(tab('Quality'));
    expect(onTabSelect).toHaveBeenCalledTimes(1);
    expect(onTabSelect).toHaveBeenCalledWith({ tabName: 'Quality', tabsName: 'Sections' });
    expect(document.activeElement).toBe(tab('Quality'));
    expect(screen.getByLabelText('Rating')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Server: Tab Select Error' when the call fails, and clears it on the next selection", async () => {
    const onTabSelect = vi.fn(async ({ tabName }: { tabName: string }) => {
      if (tabName === 'Contacts') throw new Error('500');
    });
    const { user } = renderTabs({ onTabSelect });
    await user.click(tab('Contacts'));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.tabSelectError);
    // The panel still shows: the error is the server's, the tab is open.
    expect(screen.getByLabelText('Tel')).toBeTruthy();
    await user.click(tab('Quality'));
    await act(async () => undefined);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows only the latest selection’s outcome', async () => {
    let failContacts: (reason: Error) => void = () => undefined;
    const onTabSelect = vi.fn<TabSelect>(({ tabName }) =>
      tabName === 'Contacts'
        ? new Promise((_resolve, reject) => {
            failContacts = reject;
          })
        : Promise.resolve(),
    );
    const { user } = renderTabs({ onTabSelect });
    await user.click(tab('Contacts'));
    await user.click(tab('Quality'));
    await act(async () => failContacts(new Error('late 500')));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps values typed in a tab after switching away and back', async () => {
    const { user } = renderTabs();
    await user.type(screen.getByLabelText('Title'), 'Audit');
    await user.click(tab('Contacts'));
    await user.click(tab('General'));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Audit');
  });

  it('leaves out hidden tabs, and the whole strip when it is hidden', () => {
    const { unmount } = renderTabs({}, [{ NAME: 'Contacts', ElementHidden: true, ElementLocked: false }]);
    expect(tabNames()).toEqual(['General', 'Quality']);
    unmount();
    renderTabs({}, [{ NAME: 'Sections', ElementHidden: true, ElementLocked: false }]);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('selects the first visible tab when the selected one becomes hidden', async () => {
    const onTabSelect = vi.fn<TabSelect>(async () => undefined);
    const { user, rerender } = renderTabs({ onTabSelect });
    await user.click(tab('Contacts'));
    const hidden = createFormStore({
      definition,
      permissions: [{ NAME: 'Contacts', ElementHidden: true, ElementLocked: false }],
    });
    rerender(<FormRenderer store={hidden} onTabSelect={onTabSelect} />);
    expect(tabNames()).toEqual(['General', 'Quality']);
    expect(selectedTab()).toBe(tab('General'));
    expect(tab('General').tabIndex).toBe(0);
    expect(screen.getByRole('tabpanel', { name: 'General' })).toBeTruthy();
    await act(async () => undefined);
    expect(onTabSelect.mock.calls.map(([event]) => event.tabName)).toEqual(['Contacts', 'General']);
  });

  it('makes the panel a Tab stop only while nothing in it is one', () => {
    const store = createFormStore({
      definition: {
        ...definition,
        Elements: [
          {
            Kind: 'tabs',
            Name: 'Sections',
            Label: 'Sections',
            Tabs: [
              { Name: 'Empty', Label: 'Empty', Elements: [] },
              {
                Name: 'Fields',
                Label: 'Fields',
                Elements: [{ Kind: 'text', Name: 'Title', Label: 'Title' }],
              },
            ],
          },
        ],
      },
    });
    render(<FormRenderer store={store} />);
    expect(screen.getByRole('tabpanel', { name: 'Empty' }).tabIndex).toBe(0);
    fireEvent.click(tab('Fields'));
    expect(screen.getByRole('tabpanel', { name: 'Fields' }).hasAttribute('tabindex')).toBe(false);
  });

  it('has no axe violations', async () => {
    const { container, user } = renderTabs();
    await user.click(tab('Contacts'));
    // jsdom computes no layout or colours: contrast is checked in Chromium (e2e/forms.e2e.test.ts).
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
