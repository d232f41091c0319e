import { AlertDialog, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

const meta = {
  title: 'forms-react/Shell/AlertDialog',
  component: AlertDialog,
  args: {
    isOpen: true,
    title: 'Alert',
    message: 'Your session has expired.',
    onClose: fn(),
  },
} satisfies Meta<typeof AlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The modal Alert dialog, open, with focus on OK. */
export const Open: Story = {};

/** No title given: the title bar reads "Alert". */
export const DefaultTitle: Story = { args: { title: undefined } };

/** A long, multi-line message (line breaks are kept). */
export const LongMessage: Story = {
  args: {
    title: 'Save',
    message:
      'The data on the parent page has expired or is invalid. To correct the problem you should refresh the parent data source (search results or page). If the problem persists then please contact the system administrator.\n\nHTTP 500',
  },
};

/** HTTP 500: the caller's text plus ': HTTP 500' (spec §8). */
export const Http500: Story = {
  args: { message: 'There was an error attempting to save. Please try saving this page again: HTTP 500' },
};

/** Closed: nothing on screen; press the button to open it, OK closes it again. */
export const Closed: Story = {
  args: { isOpen: false },
  render: (args) => {
    const [isOpen, setIsOpen] = useState(args.isOpen);
    return (
      <>
        <button type="button" onClick={() => setIsOpen(true)}>
          Show alert
        </button>
        <AlertDialog
          {...args}
          isOpen={isOpen}
          onClose={() => {
            args.onClose();
            setIsOpen(false);
          }}
        />
      </>
    );
  },
};

/** Right-to-left locale. */
export const RightToLeft: Story = {
  args: { title: 'تنبيه', message: 'انتهت صلاحية جلستك.' },
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <AlertDialog {...args} />
      </div>
    </I18nProvider>
  ),
};
