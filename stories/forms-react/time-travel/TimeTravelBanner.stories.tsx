import { I18nProvider, TimeTravelBanner } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';

// A fixed zone and a fixed "now", so the stories read the same whenever they run.
const meta = {
  title: 'forms-react/Time travel/TimeTravelBanner',
  component: TimeTravelBanner,
  args: { timepoint: '2026-03-01 09:30', timeZone: 'Europe/Vienna', now: Date.UTC(2026, 5, 1) },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TimeTravelBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A past timepoint, named in UTC and in local time. */
export const PastTimepoint: Story = {};

/** A timepoint in the future: the current data is shown, and the banner says so. */
export const FutureTimepoint: Story = { args: { timepoint: '2099-01-01 00:00' } };

/** A time zone far from UTC. */
export const OtherTimeZone: Story = { args: { timeZone: 'Pacific/Auckland' } };

/** Right-to-left locale. */
export const RightToLeft: Story = {
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
