import type { PickListData } from '@procedo/client-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PickListScreen } from '../runners/PickListScreen';
import { ReportDocumentScreen } from '../runners/ReportDocumentScreen';
import { StepRunError } from '../runners/StepRunError';
import { ConfirmDialog } from './ConfirmDialog';
import { ProcessBreadcrumbs } from './ProcessBreadcrumbs';
import { StepEnded } from './StepEnded';

const colours: PickListData = {
  StepId: 73,
  StepName: 'Choose colours',
  IsMulti: true,
  Prompt: 'Which colours?',
  Items: [
    { Id: 'red', Text: 'Red', Description: 'Warm' },
    { Id: 'green', Text: 'Green', Description: null },
    { Id: 'blue', Text: 'Blue', Description: null },
  ],
  Selected: [],
};
const carrier: PickListData = {
  ...colours,
  StepId: 72,
  StepName: 'Choose a carrier',
  IsMulti: false,
  Prompt: null,
};

describe('ConfirmDialog', () => {
  it('asks with Yes focused, answers Yes, No, and No on Escape', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<ConfirmDialog title="Approve order" message="Approve the order?" onAnswer={onAnswer} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Approve order' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.keyboard('{Escape}');
    expect(onAnswer.mock.calls).toEqual([[true], [false], [false]]);
  });
});

describe('PickListScreen', () => {
  it('chooses several items with check boxes and submits them', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PickListScreen data={colours} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Which colours?' });
    await user.click(within(group).getByRole('checkbox', { name: /Red/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Blue/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(['red', 'blue']);
  });

  it('chooses one item with the keyboard in a radio group', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PickListScreen data={carrier} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Choose a carrier' })).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Choose one item.' });
    await user.click(within(group).getByRole('radio', { name: /Red/ }));
    await user.keyboard('{ArrowDown}');
    expect((within(group).getByRole('radio', { name: /Green/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('green');
  });

  it('does not submit nothing: it says what is missing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { unmount } = render(<PickListScreen data={colours} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Choose at least one item')).toBeTruthy();
    unmount();
    render(<PickListScreen data={carrier} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Choose an item')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts from what is chosen already, shows a server error, and cancels on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <PickListScreen
        data={{ ...colours, Selected: ['green'] }}
        errorMessage="The step is not active."
        onSubmit={vi.fn()}
        onCancel={onCancel}
      />,
    );
    expect((screen.getByRole('checkbox', { name: /Green/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The step is not active.');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });

  it('keeps the choice unchangeable while it is being sent, and names the missing choice on the group', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PickListScreen data={carrier} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const group = screen.getByRole('radiogroup', { name: 'Choose one item.' });
    expect(group.getAttribute('aria-describedby')).toBe(screen.getByText('Choose an item').id);
    rerender(<PickListScreen data={carrier} onSubmit={vi.fn()} onCancel={vi.fn()} isSubmitting />);
    // The fieldset disables every input in it (HTML: a disabled fieldset's controls are disabled).
    for (const radio of within(group).getAllByRole('radio')) expect(radio.matches(':disabled')).toBe(true);
  });
});

describe('ReportDocumentScreen', () => {
  it('produces the document, then offers its link and Continue', async () => {
    const user = userEvent.setup();
    const onProduce = vi.fn();
    const onContinue = vi.fn();
    const { rerender } = render(
      <ReportDocumentScreen
        stepName="Order summary"
        documentUrl={null}
        onProduce={onProduce}
        onContinue={onContinue}
        onCancel={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Produce the document' }));
    expect(onProduce).toHaveBeenCalled();
    rerender(
      <ReportDocumentScreen
        stepName="Order summary"
        documentUrl="/api/v1/documents/9"
        onProduce={onProduce}
        onContinue={onContinue}
        onCancel={vi.fn()}
      />,
    );
    const link = screen.getByRole('link', { name: 'Open the document' });
    expect(link.getAttribute('href')).toBe('/api/v1/documents/9');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toBe('The document is ready.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
  });
});

describe('StepRunError', () => {
  it('shows the error with Try again and Close', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onClose = vi.fn();
    render(<StepRunError stepName="Approve order" message="Conflict" onRetry={onRetry} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Approve order' }).textContent).toContain('Conflict');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ProcessBreadcrumbs', () => {
  it('sanitises the server HTML: links stay, scripts and handlers go', async () => {
    render(
      <ProcessBreadcrumbs
        html={
          '<a href="/apps/flow/home/flow?id=1">Orders</a> › <b>Approve</b>' +
          '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script><a href="javascript:alert(1)">x</a>'
        }
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Process breadcrumbs' });
    // DOMPurify loads on demand: the links come once it has.
    expect((await within(nav).findByRole('link', { name: 'Orders' })).getAttribute('href')).toBe(
      '/apps/flow/home/flow?id=1',
    );
    expect(nav.innerHTML).not.toContain('onerror');
    expect(nav.innerHTML).not.toContain('script');
    expect(nav.innerHTML).not.toContain('javascript:');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('renders nothing without breadcrumbs', () => {
    const { container } = render(<ProcessBreadcrumbs html={null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('StepEnded', () => {
  it("announces 'This part of the process has ended.'", () => {
    render(<StepEnded />);
    expect(screen.getByRole('status').textContent).toBe('This part of the process has ended.');
  });
});
