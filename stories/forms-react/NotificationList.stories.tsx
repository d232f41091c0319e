import { I18nProvider, type NotificationItem, NotificationList } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

const info: NotificationItem = { id: 'n1', type: 'info', text: 'The step has been reset' };
const validation: NotificationItem = { id: 'n2', type: 'validation', text: 'A command needs to be selected' };
const error: NotificationItem = {
  id: 'n3',
  type: 'error',
  text: 'Not Found: Unknown user process step. (/api/v1/user/system/user-processes/steps/99)',
};

const meta = {
  title: 'forms-react/Shell/NotificationList',
  component: NotificationList,
  args: { notifications: [info, validation, error], onDismiss: fn() },
  render: (args) => {
    // Clicking dismisses, as in the shell (where info and validation also hide on a timer).
    const [items, setItems] = useState(args.notifications);
    return (
      <NotificationList
        {...args}
        notifications={items}
        onDismiss={(id) => {
          args.onDismiss(id);
          setItems((current) => current.filter((item) => item.id !== id));
        }}
      />
    );
  },
} satisfies Meta<typeof NotificationList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One of each type. */
export const AllTypes: Story = {};

/** An info notification (hides after 4500 ms in the shell). */
export const Info: Story = { args: { notifications: [info] } };

/** A validation notification (hides after 2500 ms in the shell). */
export const Validation: Story = { args: { notifications: [validation] } };

/** An error notification (stays until clicked). */
export const ErrorNotification: Story = { name: 'Error', args: { notifications: [error] } };

/** No notifications: the list takes no room. */
export const Empty: Story = { args: { notifications: [] } };

/** Right-to-left locale. */
export const RightToLeft: Story = {
  args: {
    notifications: [
      { id: 'r1', type: 'info', text: 'تمت إعادة تعيين الخطوة' },
      { id: 'r2', type: 'error', text: 'خطأ في تحميل عناصر التنقل' },
    ],
  },
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
