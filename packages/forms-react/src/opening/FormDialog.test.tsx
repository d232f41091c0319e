// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog';

const request = {
  url: '/form?WebTemplateNo=12',
  width: 590,
  height: 380,
  title: 'Supplier',
  isModal: true,
};

function Page({
  isModal,
  onClose,
  onOutside,
}: {
  isModal: boolean;
  onClose: () => void;
  onOutside: () => void;
}) {
  return (
    <>
      <button type="button" onClick={onOutside}>
        Search
      </button>
      <FormDialog request={{ ...request, isModal }} onClose={onClose} />
    </>
  );
}

describe('FormDialog', () => {
  it('hosts the page in a titled iframe, sized as resolved', () => {
    render(<FormDialog request={request} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Supplier' });
    expect(dialog.style.inlineSize).toBe('590px');
    expect(dialog.style.blockSize).toBe('380px');
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/form?WebTemplateNo=12');
    expect(frame.title).toBe('Supplier');
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<FormDialog request={request} onClose={onClose} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is modal by default: an underlay, the page below hidden, Escape closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOutside = vi.fn();
    render(<Page isModal onClose={onClose} onOutside={onOutside} />);
    expect(screen.getByRole('dialog').getAttribute('data-modal')).toBe('true');
    expect(document.querySelector('.procedo-ModalOverlay')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('leaves the page usable when not modal (process steps), and Escape still closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOutside = vi.fn();
    render(<Page isModal={false} onClose={onClose} onOutside={onOutside} />);
    const dialog = screen.getByRole('dialog', { name: 'Supplier' });
    expect(dialog.getAttribute('data-modal')).toBe('false');
    expect(document.querySelector('.procedo-ModalOverlay')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onOutside).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('names an untitled dialog and its frame by the URL', () => {
    render(<FormDialog request={{ ...request, title: '' }} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: '/form?WebTemplateNo=12' });
    expect(dialog.querySelector('iframe')!.title).toBe('/form?WebTemplateNo=12');
  });

  it('never loads a javascript: URL into the frame', () => {
    render(<FormDialog request={{ ...request, url: 'javascript:alert(1)' }} onClose={() => {}} />);
    expect(screen.getByRole('dialog').querySelector('iframe')!.getAttribute('src')).toBe('about:blank');
  });
});
