import { PromptDialog } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const meta = {
  title: 'forms-react/Shell/PromptDialog',
  component: PromptDialog,
  args: {
    isOpen: true,
    message: 'Translation of "Customer name"',
    defaultValue: 'Customer name',
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof PromptDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The prompt with a default value, selected so typing replaces it. */
export const Open: Story = {};

/** An empty text box and a title. */
export const Empty: Story = {
  args: { title: 'Reason', message: 'Why are you changing this value?', defaultValue: '' },
};

/** The short exception line offered for copying in a non-verbose setting (spec §8). */
export const ExceptionLine: Story = {
  args: {
    title: 'Error',
    message: 'The server reported an error. Copy the line below for support.',
    defaultValue: 'System.InvalidOperationException: Sequence contains no elements',
  },
};

/** Closed: nothing on screen. */
export const Closed: Story = { args: { isOpen: false } };
