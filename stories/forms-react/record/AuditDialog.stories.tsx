import { AuditDialog, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'forms-react/Record/AuditDialog',
  component: AuditDialog,
  args: {
    fieldLabels: ['Severity', 'Status'],
    onSign: fn(),
    onCancelEdit: fn(),
  },
} satisfies Meta<typeof AuditDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec §2/§5: the 300×185 dialog asking for the legal-name signature and a reason. */
export const Default: Story = {};

/** One audit-flagged field. */
export const OneField: Story = { args: { fieldLabels: ['CAPA required'] } };

/** Signed with nothing: both fields say what is missing. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'Sign' }));
  },
};

/** The server refused the legal name: its message, the field marked, the typed text kept. */
export const Refused: Story = {
  args: {
    refusal: {
      code: 'AUDIT_SIGNATURE_MISMATCH',
      message:
        'The electronic signature does not match your legal name. 2 attempts left before signing is blocked for this session.',
      field: 'signature',
    },
  },
};

/** SignatureRequiresPassword on, the session's first signing: the password field too (taller than 185 px). */
export const PasswordRequired: Story = {
  args: {
    needsPassword: true,
    refusal: {
      code: 'SIGNATURE_PASSWORD_REQUIRED',
      message: 'Enter your password to sign: the first signature of a session needs it.',
      field: 'password',
    },
  },
};

/** Three failed attempts: signing is blocked for the session; only Cancel Edit is left. */
export const Blocked: Story = {
  args: {
    isBlocked: true,
    refusal: { code: 'SIGNING_BLOCKED', message: 'Signing is blocked for this session.', field: null },
  },
};

/** Filled in, ready to sign. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(page.getByLabelText(/Signature/), 'Olive Operator');
    await userEvent.type(page.getByLabelText(/Reason/), 'Severity reassessed after the investigation');
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <AuditDialog {...args} />
      </div>
    </I18nProvider>
  ),
};
