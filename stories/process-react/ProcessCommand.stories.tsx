import { ProcessCommand, type ProcessCommandProps, type ProcessRunner } from '@procedo/process-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type CreateOutcome, ProcessStoryFrame, storyApi, storyCommands } from './story-support';

function CommandStory(
  props: ProcessCommandProps & { create?: CreateOutcome; action?: (runner: ProcessRunner) => void },
) {
  const { create, action, ...command } = props;
  return (
    <ProcessStoryFrame api={storyApi({ create: create ?? 'ok' })} action={action}>
      <ProcessCommand {...command} />
    </ProcessStoryFrame>
  );
}

const meta = {
  title: 'process-react/ProcessCommand',
  component: CommandStory,
  args: { commands: storyCommands },
} satisfies Meta<typeof CommandStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The creatable commands; Create with nothing chosen says 'A command needs to be selected'. */
export const Default: Story = {};

/** A command chosen: its 'open flow' and 'start' options as defaults. */
export const Chosen: Story = { args: { defaultCommandId: 1 } };

/** A command that asks 'Enter a name for the new process'. */
export const AsksName: Story = {
  args: { defaultCommandId: 2, action: (runner) => void runner.startProcess(storyCommands[1]) },
};

/** Started with no steps: 'The new process does not contain any tasks.' */
export const NoTasks: Story = {
  args: { create: 'no-steps', action: (runner) => void runner.startProcess(storyCommands[2]) },
};

/** Creation failed with a JSON body: the error toast shows its Message. */
export const ErrorToastMessage: Story = {
  args: { create: 'json-message', action: (runner) => void runner.startProcess(storyCommands[0]) },
};

/** Creation failed with a text body: the error toast shows the response text. */
export const ErrorToastResponseText: Story = {
  args: { create: 'text', action: (runner) => void runner.startProcess(storyCommands[0]) },
};

/** Creation failed with no body: the error toast shows the status text. */
export const ErrorToastStatusText: Story = {
  args: { create: 'status-only', action: (runner) => void runner.startProcess(storyCommands[0]) },
};
