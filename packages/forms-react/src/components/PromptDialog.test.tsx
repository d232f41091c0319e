// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PromptDialog } from './PromptDialog';

function renderPrompt(defaultValue = 'R1501') {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <PromptDialog
      isOpen
      message="Translation"
      defaultValue={defaultValue}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  return {
    onSubmit,
    onCancel,
    input: screen.getByRole('textbox', { name: 'Translation' }) as HTMLInputElement,
  };
}

describe('PromptDialog', () => {
  it('opens with focus in the box, holding the default value selected', () => {
    const { input } = renderPrompt();
    expect(screen.getByRole('dialog', { name: 'Prompt' })).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('R1501');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 5]);
  });

  it('answers the typed value on OK', async () => {
    const user = userEvent.setup();
    const { input, onSubmit, onCancel } = renderPrompt();
    await user.clear(input);
    await user.type(input, 'Kundenname');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubmit).toHaveBeenCalledWith('Kundenname');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('answers on Enter', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderPrompt('');
    await user.keyboard('Yes{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Yes');
  });

  it('cancels on Cancel and on Escape', async () => {
    const user = userEvent.setup();
    const { onSubmit, onCancel } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
