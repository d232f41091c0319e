import { CallbackError } from '@procedo/client-api';
import { BookmarkToggle, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';

// A fake server: it confirms after a short wait with the state it now holds.
function fakeCallback(initial: boolean) {
  let selected = initial;
  return {
    toggleBookmark: async (tableId: number, recordId: number) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      selected = !selected;
      return { TableId: tableId, RecordId: recordId, Selected: selected };
    },
  };
}

const refusing = {
  toggleBookmark: async () => {
    throw new CallbackError({
      serverMessage: 'There is no record 17 on form 102 that you may bookmark.',
      status: 404,
      url: '/callback',
      method: 'POST',
    });
  },
};

const meta = {
  title: 'forms-react/Record/BookmarkToggle',
  component: BookmarkToggle,
  args: { callback: fakeCallback(false), webTemplateNo: 102, recordId: 17, isSelected: false },
} satisfies Meta<typeof BookmarkToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not bookmarked: the star is empty; a click bookmarks after the server confirms. */
export const Default: Story = {};

/** Bookmarked: the star is filled and the button pressed. */
export const Selected: Story = { args: { callback: fakeCallback(true), isSelected: true } };

/** The state is being read from the server. */
export const Loading: Story = {
  args: { isSelected: undefined, bookmarks: { get: () => new Promise(() => {}) } },
};

/** The server refuses (a record the user may not see): the state stays, the message shows. */
export const Refused: Story = { args: { callback: refusing, isSelected: true } };

/** In time travel: it shows the state and does nothing. */
export const Disabled: Story = { args: { isSelected: true, isDisabled: true } };

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <BookmarkToggle {...args} />
      </div>
    </I18nProvider>
  ),
};
