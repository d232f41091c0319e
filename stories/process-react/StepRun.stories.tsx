import type { ProcessRunner } from '@procedo/process-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProcessStoryFrame, storyApi, storyResult } from './story-support';

/**
 * Each interaction of a step run (spec §4), driven by the real runner: the story hands it the
 * result the server would answer. Answering goes on against fixed example data.
 */
const meta = {
  title: 'process-react/Step run',
  component: ProcessStoryFrame,
  args: { children: <p>Step page of “Interaction tour — March”.</p> },
} satisfies Meta<typeof ProcessStoryFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

const handle = (patch: Parameters<typeof storyResult>[0]) => (runner: ProcessRunner) =>
  runner.handleResult(storyResult(patch));

/** A confirm: Yes re-runs with the answer and proceeds; No cancels with a warning toast. */
export const Confirm: Story = {
  args: {
    action: handle({
      StepName: 'Confirm the start',
      ConfirmRequired: true,
      ConfirmMessage: 'Start the tour now?',
    }),
  },
};

/** A prompt with a suggestion; an empty answer does not proceed. */
export const Prompt: Story = {
  args: {
    action: handle({
      StepName: 'Order reference',
      PromptRequired: true,
      PromptMessage: 'Enter the order reference',
      PromptSuggestion: 'PO-2024-0117',
    }),
  },
};

/** A URL opened in a dialog titled with the step name, not modal: the page below stays usable. */
export const OpenInDialog: Story = {
  args: {
    action: handle({
      StepName: 'Read the help',
      UrlToOpen: 'about:blank',
      UrlToOpenTarget: '_dialog',
      IsCompletion: true,
    }),
  },
};

/** Pick list, several items: check boxes. */
export const PickListMulti: Story = {
  args: {
    action: (runner) => runner.runStep(7, { Id: 73, Name: 'Pick colours', StepKind: 'pick-list-multi' }),
  },
};

/** Pick list, one item: a radio group. */
export const PickListSingle: Story = {
  args: {
    action: (runner) => runner.runStep(7, { Id: 74, Name: 'Pick a carrier', StepKind: 'pick-list-single' }),
  },
};

/** The report-document screen: produce, then open the document through its link and continue. */
export const ReportDocument: Story = {
  args: {
    action: (runner) => runner.runStep(7, { Id: 75, Name: 'Order summary', StepKind: 'report-document' }),
  },
};

/** A completion confirm: the step completes on Yes. */
export const CompletionConfirm: Story = {
  args: {
    action: handle({
      StepName: 'Is everything done?',
      CompletionConfirmRequired: true,
      ConfirmMessage: 'Is every part of the order handled?',
    }),
  },
};

/** A completion prompt with a suggestion: the step completes with a non-empty answer. */
export const CompletionPrompt: Story = {
  args: {
    action: handle({
      StepName: 'Closing remark',
      CompletionPromptRequired: true,
      CompletionPromptMessage: 'A closing remark for the process',
      CompletionPromptSuggestion: 'All done',
    }),
  },
};

/** A cancelled run: the result's toast, as a warning. */
export const Cancelled: Story = {
  args: { action: handle({ CancelProceed: true, ToastMessage: 'The order was not approved.' }) },
};

/** A failed run (409 out of order): the error with Try again; the process is where it was. */
export const RunFailed: Story = {
  args: {
    api: storyApi({ runFails: true }),
    action: (runner) => runner.runStep(7, { Id: 70, Name: 'Confirm the start', StepKind: 'action' }),
  },
};
