import type { RecordVersion } from '@procedo/client-api';
import { I18nProvider, VersionHistory } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';

/** A fixed version of supplier 17, saved by the demo users at fixed times. */
const version = (Version: number, extra: Partial<RecordVersion> = {}): RecordVersion => ({
  Id: 17,
  Entity: 'supplier',
  Version,
  IsDeleted: false,
  Values: {},
  UpdatedBy: Version % 2 === 0 ? 'supervisor' : 'operator',
  UpdatedAt: new Date(Date.UTC(2026, 0, Version, 9, 30, 12)).toISOString(),
  ...extra,
});

/** Older versions are read at once (fixed data, so runs compare). */
const readAtOnce = async (wanted: number) => version(wanted);
/** A read that never answers: the entry stays in its loading state. */
const readForever = () => new Promise<RecordVersion>(() => undefined);
/** A read that fails. */
const readFails = async (): Promise<RecordVersion> => {
  throw new Error('This version could not be read.');
};

const openVersion = (label: string) => ({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await userEvent.click(within(canvasElement).getByText(label, { exact: true }));
  },
});

const meta = {
  title: 'forms-react/Record/VersionHistory',
  component: VersionHistory,
  args: { record: version(3), readVersion: readAtOnce },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 340 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VersionHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three versions, newest first; the current one shows who saved it and when. */
export const Default: Story = {};

/** A new record: nothing saved yet. */
export const NewRecord: Story = { args: { record: null } };

/** An older version opened: its author and time, read when opened. */
export const OlderVersionOpened: Story = openVersion('Version 2');

/** An older version being read. */
export const Loading: Story = { args: { readVersion: readForever }, ...openVersion('Version 2') };

/** An older version that could not be read. */
export const ReadFailed: Story = { args: { readVersion: readFails }, ...openVersion('Version 2') };

/** A deleted record. */
export const Deleted: Story = { args: { record: version(4, { IsDeleted: true }) } };

/** A long history: 50 listed, the older ones counted. */
export const LongHistory: Story = { args: { record: version(72) } };

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <VersionHistory {...args} />
      </div>
    </I18nProvider>
  ),
};
