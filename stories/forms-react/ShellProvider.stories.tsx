import { I18nProvider, type Shell, ShellProvider, useShell } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';

type ShellAction = (shell: Shell) => void;

/** Runs the story's shell calls once when it mounts, so each story opens in a fixed state. */
function RunOnMount({ action }: { action?: ShellAction }) {
  const shell = useShell();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !action) return;
    done.current = true;
    action(shell);
  }, [action, shell]);
  return null;
}

/** Buttons that call every part of the shell. */
function Playground() {
  const shell = useShell();
  const [answer, setAnswer] = useState<string>('');
  const buttons: [string, () => void][] = [
    ['Alert', () => void shell.alert('Your session has expired.')],
    ['HTML alert', () => void shell.alertHtml('<h3>Runtime Error</h3><p>An application error occurred.</p>')],
    [
      'Prompt',
      () =>
        void shell.prompt('Translation', 'Customer name').then((value) => setAnswer(value ?? '(cancelled)')),
    ],
    ['Info toast', () => shell.toast.info('The step has been reset')],
    ['Warning toast', () => shell.toast.warning('Unknown language')],
    [
      'Error toast',
      () => shell.toast.error('There was an error attempting to save. Please try saving this page again'),
    ],
    ['Info notification', () => shell.notify.info('The process has been reset')],
    ['Validation notification', () => shell.notify.validation('A command needs to be selected')],
    ['Error notification', () => shell.notify.error('Error loading profile navigation items')],
    [
      'Loading (hide after 2 s)',
      () => {
        shell.loading.show();
        shell.loading.hide(2);
      },
    ],
  ];
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxWidth: 520 }}>
      {buttons.map(([label, onClick]) => (
        <button key={label} type="button" onClick={onClick}>
          {label}
        </button>
      ))}
      {answer && <output>Prompt answer: {answer}</output>}
    </div>
  );
}

function ShellStory({ action, interactive }: { action?: ShellAction; interactive?: boolean }) {
  return (
    <ShellProvider>
      <p>Page content.</p>
      {interactive && <Playground />}
      <RunOnMount action={action} />
    </ShellProvider>
  );
}

const meta = {
  title: 'forms-react/Shell/ShellProvider',
  component: ShellStory,
} satisfies Meta<typeof ShellStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every shell call behind a button. */
export const Playground_: Story = { name: 'Playground', args: { interactive: true } };

/** An information toast (goes after 3 s). */
export const InfoToast: Story = { args: { action: (shell) => shell.toast.info('The step has been reset') } };

/** A warning toast (goes after 4 s). */
export const WarningToast: Story = { args: { action: (shell) => shell.toast.warning('Unknown language') } };

/** An error toast (stays 60 s; its text is copied to the clipboard). */
export const ErrorToast: Story = {
  args: {
    action: (shell) =>
      shell.toast.error('There was an error attempting to save. Please try saving this page again'),
  },
};

/** All three toasts stacked. */
export const AllToasts: Story = {
  args: {
    action: (shell) => {
      shell.toast.info('The step has been reset');
      shell.toast.warning('Unknown language');
      shell.toast.error('Not Found');
    },
  },
};

/** Notifications of each type (info and validation hide themselves; the error stays until clicked). */
export const Notifications: Story = {
  args: {
    action: (shell) => {
      shell.notify.info('The process has been reset');
      shell.notify.validation('A command needs to be selected');
      shell.notify.error('Error loading profile navigation items');
    },
  },
};

/** The alert opened through `useShell().alert`. */
export const Alert: Story = {
  args: { action: (shell) => void shell.alert('Your session has expired.', { title: 'Session' }) },
};

/** The prompt opened through `useShell().prompt`. */
export const Prompt: Story = {
  args: { action: (shell) => void shell.prompt('Translation', 'Customer name') },
};

/** The loading panel, shown. */
export const Loading: Story = { args: { action: (shell) => shell.loading.show() } };

/** Right-to-left: toasts and notifications start from the left edge. */
export const RightToLeft: Story = {
  args: {
    action: (shell) => {
      shell.toast.warning('لغة غير معروفة');
      shell.notify.error('خطأ في تحميل عناصر التنقل');
    },
  },
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
