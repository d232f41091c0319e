import { ConflictPanel, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// Fixed rows of a supplier edited by two users at once: the values on screen beside those saved now.
const rows = [
  { name: 'Country', label: 'Country', mine: 'Austria', current: 'Germany', isMine: true },
  { name: 'Rating', label: 'Rating', mine: 4, current: 2, isMine: false },
  {
    name: 'Supplier',
    label: 'Parent supplier',
    mine: { Id: '3', Text: 'Borealis Pharma' },
    current: null,
    isMine: false,
  },
];

const meta = {
  title: 'forms-react/Record/ConflictPanel',
  component: ConflictPanel,
  args: {
    rows,
    updatedBy: 'supervisor',
    updatedAt: '2026-03-01T09:30:12.345Z',
    onUseCurrent: fn(),
    onKeepMine: fn(),
  },
} satisfies Meta<typeof ConflictPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A 409: fields the user changed and fields the other user changed, value on screen beside value saved. */
export const Default: Story = {};

/** Only the user's own change differs. */
export const OneField: Story = { args: { rows: rows.slice(0, 1) } };

/** Keep mine is being saved: both buttons are disabled. */
export const Busy: Story = { args: { isBusy: true } };

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <ConflictPanel {...args} />
      </div>
    </I18nProvider>
  ),
};
