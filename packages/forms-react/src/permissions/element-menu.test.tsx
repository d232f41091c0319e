// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../form/components/FormRenderer';
import { recordDefinition } from '../form/state/fixtures';
import { createFormStore } from '../form/state/form-store';
import { setPermissionsMode } from './permissions-mode';

// The menu's code loads on the first right-click; the first load compiles floating-ui.
const LAZY_LOAD = { timeout: 10_000 };

function renderForm(onOpenPermissions: ((event: { elementName: string }) => void) | null = vi.fn()) {
  const store = createFormStore({ definition: recordDefinition, permissions: [], initialValues: {} });
  render(<FormRenderer store={store} {...(onOpenPermissions ? { onOpenPermissions } : {})} />);
  return { onOpenPermissions, user: userEvent.setup() };
}

const firstNamedElement = () => {
  const element = document.querySelector<HTMLElement>('.procedo-Form [data-name]');
  if (!element?.dataset.name) throw new Error('no named element');
  return element;
};

describe('the permissions mode element menu', () => {
  afterEach(() => setPermissionsMode(false));

  it('leaves a right-click to the browser while permissions mode is off', () => {
    renderForm();
    const element = firstNamedElement();
    // fireEvent returns false when a handler prevented the default (the browser's menu).
    expect(fireEvent.contextMenu(element, { clientX: 40, clientY: 50 })).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leaves a right-click to the browser when the page offers no editor (no permission-design right)', () => {
    setPermissionsMode(true);
    renderForm(null);
    expect(fireEvent.contextMenu(firstNamedElement(), { clientX: 40, clientY: 50 })).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens a menu at the pointer on a right-click of a named element; its entry opens the editor for it', async () => {
    setPermissionsMode(true);
    const { onOpenPermissions, user } = renderForm();
    const element = firstNamedElement();
    expect(fireEvent.contextMenu(element, { clientX: 40, clientY: 50 })).toBe(false);
    const menu = await screen.findByRole('menu', {}, LAZY_LOAD);
    const item = screen.getByRole('menuitem', { name: 'Permissions…' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(menu.getAttribute('aria-label')).toBe(`Element ${element.dataset.name}`);
    await user.click(item);
    expect(onOpenPermissions).toHaveBeenCalledWith({ elementName: element.dataset.name });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard (Shift+F10 or the ContextMenu key) on a focused element; Escape closes it and returns focus', async () => {
    setPermissionsMode(true);
    const { onOpenPermissions, user } = renderForm();
    const field = screen.getAllByRole('textbox')[0]!;
    const name = field.closest<HTMLElement>('[data-name]')!.dataset.name;
    field.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu', {}, LAZY_LOAD);
    expect(menu.getAttribute('aria-label')).toBe(`Element ${name}`);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem')));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(onOpenPermissions).not.toHaveBeenCalled();

    fireEvent.keyDown(field, { key: 'ContextMenu' });
    await screen.findByRole('menu', {}, LAZY_LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem')));
    await user.keyboard('{Enter}');
    expect(onOpenPermissions).toHaveBeenCalledWith({ elementName: name });
  });
});
