import { HelpFrame, HelpIcon } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

/** A form title with its help icon; the frame target shows the right-hand help frame. */
function FormTitle({ topic, target }: { topic: string; target: 'window' | 'frame' }) {
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  return (
    <div style={{ display: 'flex', gap: 16, minHeight: 280 }}>
      <div style={{ flex: 1 }}>
        <h1 style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 0 }}>
          Supplier <HelpIcon topic={topic} target={target} onOpenFrame={setFrameUrl} />
        </h1>
        <p>Press the help icon.</p>
      </div>
      {frameUrl ? (
        <div style={{ width: 320 }}>
          <HelpFrame url={frameUrl} onClose={() => setFrameUrl(null)} />
        </div>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'forms-react/Chrome/HelpIcon',
  component: FormTitle,
  args: { topic: 'supplier-form', target: 'window' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens `/help/supplier-form` in the `procedo-help` window. */
export const NewWindow: Story = {};

/** Opens the topic in the right-hand frame. */
export const RightHandFrame: Story = { args: { target: 'frame' } };

/** The help frame on its own. */
export const Frame: StoryObj<typeof HelpFrame> = {
  render: () => (
    <div style={{ width: 320, height: 280 }}>
      <HelpFrame url="/help/supplier-form" onClose={fn()} />
    </div>
  ),
};
