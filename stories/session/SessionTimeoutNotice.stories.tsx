import { SessionTimeoutNotice } from '@procedo/session/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { createFixedSession, DemoPage } from './session-fixture';

interface NoticeStoryArgs {
  /** Milliseconds from the fixed now to the stored deadline. */
  msUntilLock: number;
  onKeepAlive: () => void;
}

function NoticeStory({ msUntilLock, onKeepAlive }: NoticeStoryArgs) {
  const [{ manager }] = useState(() => createFixedSession({ msUntilLock, onKeepAlive }));
  return (
    <DemoPage manager={manager}>
      <SessionTimeoutNotice />
    </DemoPage>
  );
}

const meta = {
  title: 'session/SessionTimeoutNotice',
  component: NoticeStory,
  args: { msUntilLock: 25_000, onKeepAlive: fn() },
} satisfies Meta<typeof NoticeStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 25 s before the lock: "Your session is about to expire." with the seconds left and 'Log in'. */
export const Warning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Your session is about to expire.'),
    );
    await expect(canvas.getByText('25 seconds left.')).toBeInTheDocument();
  },
};

/** The last second before the lock. */
export const LastSecond: Story = { args: { msUntilLock: 1000 } };

/** Active, well before the warning: the notice is there (its alert region) but shows nothing. */
export const Active: Story = { args: { msUntilLock: 10 * 60_000 } };
