import { I18nProvider } from '@procedo/forms-react';
import { ProcessBreadcrumbs, ProcessSteps, type ProcessStepsProps, StepEnded } from '@procedo/process-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProcessStoryFrame, storyProcess } from './story-support';

// Fixed formatting so the stories compare from run to run, whatever the viewer's time zone.
const formatTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function StepsStory(
  props: ProcessStepsProps & { action?: Parameters<typeof ProcessStoryFrame>[0]['action'] },
) {
  const { action, ...steps } = props;
  return (
    <ProcessStoryFrame action={action}>
      <ProcessBreadcrumbs html={steps.process.BreadCrumbHtml} />
      <ProcessSteps {...steps} formatTime={formatTime} />
      {steps.process.State === 'completed' && <StepEnded />}
    </ProcessStoryFrame>
  );
}

const meta = {
  title: 'process-react/ProcessSteps',
  component: StepsStory,
  args: { process: storyProcess },
} satisfies Meta<typeof StepsStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An open process: the current step marked and runnable, earlier steps resettable. */
export const Open: Story = {};

/** The flow home page's selected step (`stepid`). */
export const SelectedStep: Story = { args: { selectedStepId: 71 } };

/** A completed process: nothing to run, 'This part of the process has ended.' below. */
export const Completed: Story = {
  args: {
    process: {
      ...storyProcess,
      State: 'completed',
      CurrentStepId: null,
      AllSteps: storyProcess.AllSteps.map((step, index) => ({
        ...step,
        State: 'completed',
        CompletedAtUtc: `2024-03-09T09:${String(10 + index)}:00.000Z`,
        CompletedBy: 'Sam Supervisor',
      })),
    },
  },
};

/** Reset step: the toast 'The step has been reset'. */
export const ResetStep: Story = { args: { action: (runner) => void runner.resetStep(71) } };

/** Reset chain: the toast 'The step chain has been reset'. */
export const ResetChain: Story = { args: { action: (runner) => void runner.resetStepChain(71) } };

/** Reset process: the toast 'The process has been reset'. */
export const ResetProcess: Story = { args: { action: (runner) => void runner.resetProcess(7) } };

/** Without the Reset process button. */
export const NoProcessReset: Story = { args: { canResetProcess: false } };

/** Right-to-left: the table, the current-step mark and the toolbar mirror. */
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
