import { I18nProvider, TimeTravelToggle } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// A fixed zone, so the stories read the same wherever they run.
const meta = {
  title: 'forms-react/Time travel/TimeTravelToggle',
  component: TimeTravelToggle,
  args: {
    timepoint: null,
    previousTimepoint: null,
    timeZone: 'Europe/Vienna',
    onChange: fn(),
  },
} satisfies Meta<typeof TimeTravelToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current data; no timepoint was viewed before. */
export const CurrentData: Story = {};

/** At a timepoint, with the one viewed before it one click back. */
export const AtTimepoint: Story = {
  args: { timepoint: '2026-03-01 09:30', previousTimepoint: '2026-01-15 08:00' },
};

/** Back at the current data after a timepoint: "Previous timepoint" returns to it. */
export const CurrentWithPrevious: Story = { args: { previousTimepoint: '2026-03-01 09:30' } };

/** Unavailable (e.g. while the page has unsaved changes). */
export const Disabled: Story = { args: { isDisabled: true, previousTimepoint: '2026-03-01 09:30' } };

/**
 * Type `2026-03-29 02:30` and press Show: Vienna skips that hour, and the toggle says which instant
 * was taken (`2026-10-25 02:30` happens twice: the earlier is taken).
 */
export const DaylightSavingEntry: Story = {};

/** Right-to-left locale. */
export const RightToLeft: Story = {
  args: { timepoint: '2026-03-01 09:30', previousTimepoint: '2026-01-15 08:00' },
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
