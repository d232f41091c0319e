import { I18nProvider, InfoMessageBox } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const meta = {
  title: 'forms-react/Shell/InfoMessageBox',
  component: InfoMessageBox,
  args: {
    title: 'About this form',
    children:
      'Fields in bold are required. Changes to audited fields ask for your legal name and a reason before they are saved.',
    onExpandedChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof InfoMessageBox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Expanded (the default). */
export const Expanded: Story = {};

/** Collapsed to its 20 px title row. */
export const Collapsed: Story = { args: { defaultExpanded: false } };

/** Right-to-left locale, expanded. */
export const RightToLeft: Story = {
  args: { title: 'حول هذا النموذج', children: 'الحقول المكتوبة بخط عريض مطلوبة.' },
  decorators: [
    (Story) => (
      <I18nProvider locale="ar-EG">
        <div dir="rtl">
          <Story />
        </div>
      </I18nProvider>
    ),
  ],
};

/** Right-to-left locale, collapsed. */
export const RightToLeftCollapsed: Story = {
  ...RightToLeft,
  args: { ...RightToLeft.args, defaultExpanded: false },
};
