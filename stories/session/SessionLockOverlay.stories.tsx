import { SessionLockOverlay } from '@procedo/session/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createFixedSession, DemoPage } from './session-fixture';

interface LockStoryArgs {
  userName: string;
  databaseName?: string;
  /** How the login answers: accepted (writes a newer deadline), still pending, or refused. */
  loginOutcome: 'accept' | 'pending' | 'refuse';
  onLogin: (input: { password: string }) => void;
}

function LockStory({ userName, databaseName, loginOutcome, onLogin }: LockStoryArgs) {
  const [{ manager, serverCall }] = useState(() => createFixedSession({ msUntilLock: 0, isLocked: true }));
  const login = async (input: { password: string }) => {
    onLogin(input);
    if (loginOutcome === 'pending') return new Promise<void>(() => {});
    if (loginOutcome === 'refuse') throw new Error('The user name or password is incorrect.');
    serverCall();
  };
  return (
    <DemoPage manager={manager}>
      <SessionLockOverlay userName={userName} databaseName={databaseName} onLogin={login} />
    </DemoPage>
  );
}

const meta = {
  title: 'session/SessionLockOverlay',
  component: LockStory,
  args: { userName: 'supervisor', databaseName: 'Demo', loginOutcome: 'accept', onLogin: fn() },
  argTypes: { loginOutcome: { control: 'inline-radio', options: ['accept', 'pending', 'refuse'] } },
} satisfies Meta<typeof LockStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Locked: the modal over the page, focus in the password field. 'Login' with any password unlocks. */
export const Locked: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      await body.findByRole('alertdialog', { name: 'Your session has expired.' }),
    ).toBeInTheDocument();
  },
};

/** Without a database name. */
export const LockedWithoutDatabase: Story = { args: { databaseName: undefined } };

/** The password was sent and the server has not answered: 'Login' is pending. */
export const Pending: Story = {
  args: { loginOutcome: 'pending' },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByLabelText('Password'), 'demo');
    await userEvent.click(body.getByRole('button', { name: 'Login' }));
    await expect(args.onLogin).toHaveBeenCalledWith({ password: 'demo' });
    await waitFor(() =>
      expect(body.getByRole('button', { name: 'Login' })).toHaveAttribute('aria-disabled', 'true'),
    );
  },
};

/** The server refused the password: its message shows, the typed password stays. */
export const LoginError: Story = {
  args: { loginOutcome: 'refuse' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByLabelText('Password'), 'wrong{Enter}');
    await expect(await body.findByText('The user name or password is incorrect.')).toBeInTheDocument();
  },
};
