import { I18nProvider, TOOLTIP_DELAY_MS, useHelpTooltip } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef } from 'react';

/** A button with help text, as a form's `Hint` makes one (spec §9: the tooltip after 2000 ms). */
function HelpButton({ label, help, delayMs }: { label: string; help?: string; delayMs?: number }) {
  const ref = useRef<HTMLButtonElement>(null);
  const { triggerProps, tooltip } = useHelpTooltip(help, ref, delayMs === undefined ? {} : { delayMs });
  return (
    <>
      <button type="button" className="procedo-Button" ref={ref} {...triggerProps}>
        {label}
      </button>
      {tooltip}
    </>
  );
}

const meta = {
  title: 'forms-react/Shell/HelpTooltip',
  component: HelpButton,
  args: { label: 'Release batch', help: 'Releases the batch for shipping once every test has passed.' },
  parameters: {
    docs: {
      description: {
        component: `useHelpTooltip: help text shows after the pointer rests ${TOOLTIP_DELAY_MS} ms on the element (spec §9); keyboard focus shows it at once; Escape hides it.`,
      },
    },
  },
} satisfies Meta<typeof HelpButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's delay: rest the pointer on the button for two seconds, or Tab to it. */
export const Default: Story = {};

/** A short delay, to look at the tooltip without waiting. */
export const ShortDelay: Story = { args: { delayMs: 100 } };

/** Without help text nothing is added: no tooltip, no description. */
export const NoHelpText: Story = { args: { help: undefined } };

/** Right to left: the tooltip follows the document's direction. */
export const RightToLeft: Story = {
  args: { label: 'שחרר אצווה', help: 'משחרר את האצווה למשלוח לאחר שכל הבדיקות עברו.', delayMs: 100 },
  render: (args) => (
    <I18nProvider locale="he-IL">
      <div dir="rtl">
        <HelpButton {...args} />
      </div>
    </I18nProvider>
  ),
};
