import { LoadingPanel } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';

const meta = {
  title: 'forms-react/Shell/LoadingPanel',
  component: LoadingPanel,
  args: { isVisible: true },
  decorators: [
    (Story) => (
      <div>
        <p>The page underneath the panel.</p>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoadingPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown while navigating. */
export const Visible: Story = {};

/** With a label of the host's choosing. */
export const CustomLabel: Story = { args: { label: 'Opening the form…' } };

/** Hidden: nothing is rendered. */
export const Hidden: Story = { args: { isVisible: false } };
