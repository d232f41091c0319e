import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuditDialog } from './AuditDialog';

describe("AuditDialog with the caller's reason (CallerReasonId)", () => {
  it('opens with the reason filled in, sends it with the signature, and the user may change it', async () => {
    const onSign = vi.fn();
    const user = userEvent.setup();
    render(
      <AuditDialog
        fieldLabels={['Status']}
        onSign={onSign}
        onCancelEdit={vi.fn()}
        defaultReason="DEV-0042"
      />,
    );
    const reason = screen.getByLabelText(/Reason/) as HTMLInputElement;
    expect(reason.value).toBe('DEV-0042');
    await user.type(screen.getByLabelText(/Signature/), 'Sam Supervisor');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).toHaveBeenLastCalledWith({
      AuditDataChangeESig: 'Sam Supervisor',
      AuditDataChangeReason: 'DEV-0042',
    });

    await user.clear(reason);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByText('Give a reason for the change.')).toBeTruthy();
    expect(onSign).toHaveBeenCalledTimes(1);
  });
});
