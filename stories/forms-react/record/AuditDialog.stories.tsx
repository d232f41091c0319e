import { AuditDialog, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'forms-react/Record/AuditDialog',
  component: AuditDialog,
  args: {
    fieldLabels: ['Severity', 'Status'],
    legalName: 'Olive Operator',
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

/** Signed with a name that is not the user's legal name, and no reason: both fields say so. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(page.getByLabelText(/Signature/), 'Somebody Else');
    await userEvent.click(page.getByRole('button', { name: 'Sign' }));
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
