// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InfoMessageBox } from './InfoMessageBox';

const box = () => document.querySelector('.procedo-InfoMessageBox') as HTMLElement;

describe('InfoMessageBox', () => {
  it('starts expanded, showing its message', () => {
    render(<InfoMessageBox title="About this form">Fields in bold are required.</InfoMessageBox>);
    const trigger = screen.getByRole('button', { name: 'About this form' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Fields in bold are required.')).toBeTruthy();
    expect(box().style.height).toBe('');
    expect(box().hasAttribute('data-expanded')).toBe(true);
  });

  it('collapses to exactly 20 px and expands again from its disclosure button', async () => {
    const user = userEvent.setup();
    render(<InfoMessageBox title="About this form">Fields in bold are required.</InfoMessageBox>);
    const trigger = screen.getByRole('button', { name: 'About this form' });

    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(box().style.height).toBe('20px');
    expect(box().style.overflow).toBe('hidden');
    expect(box().hasAttribute('data-expanded')).toBe(false);

    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(box().style.height).toBe('');
  });

  it('can start collapsed', () => {
    render(
      <InfoMessageBox title="Note" defaultExpanded={false}>
        Hidden text
      </InfoMessageBox>,
    );
    expect(screen.getByRole('button', { name: 'Note' }).getAttribute('aria-expanded')).toBe('false');
    expect(box().style.height).toBe('20px');
  });

  it('follows isExpanded when controlled and reports the user’s toggle', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(
      <InfoMessageBox title="Note" isExpanded={false} onExpandedChange={onExpandedChange}>
        Text
      </InfoMessageBox>,
    );
    await user.click(screen.getByRole('button', { name: 'Note' }));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expect(box().style.height).toBe('20px');
  });
});
