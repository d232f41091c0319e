// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDesigner } from './FormDesigner';
import { SUPPLIER_FORM } from './fixtures';
import { FORM_DESIGNER_LABELS } from './labels';

// Counts the designer's renders through its element tree, which the designer renders every time.
const renders = vi.hoisted(() => ({ tree: 0 }));
vi.mock('./ElementTree', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ElementTree')>();
  return {
    ...actual,
    ElementTree: (props: ComponentProps<typeof actual.ElementTree>) => {
      renders.tree++;
      return actual.ElementTree(props);
    },
  };
});

describe('PublishBar', () => {
  it('re-renders only itself while the change note is typed, and sends the note typed', async () => {
    const user = userEvent.setup();
    const onPublish = vi.fn(async () => ({ Version: 2 }));
    render(<FormDesigner definition={SUPPLIER_FORM} onPublish={onPublish} />);
    const note = screen.getByLabelText('Change note');
    const before = renders.tree;
    await user.type(note, 'Country is mandatory');
    expect((note as HTMLTextAreaElement).value).toBe('Country is mandatory');
    expect(renders.tree).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onPublish).toHaveBeenCalledWith(expect.objectContaining({ changeNote: 'Country is mandatory' }));
    expect((await screen.findByRole('status')).textContent).toContain('Published as version 2.');
    // A publish clears the note.
    expect((note as HTMLTextAreaElement).value).toBe('');
  });

  it('says a missing note at the note, sends nothing, and clears the problem once typing starts', async () => {
    const user = userEvent.setup();
    const onPublish = vi.fn(async () => ({ Version: 2 }));
    render(<FormDesigner definition={SUPPLIER_FORM} onPublish={onPublish} />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const note = screen.getByLabelText('Change note');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      FORM_DESIGNER_LABELS.changeNoteRequired,
    );
    expect(onPublish).not.toHaveBeenCalled();
    await user.type(note, 'x');
    expect(note.getAttribute('aria-invalid')).toBeNull();
  });
});
