import { I18nProvider } from '@procedo/forms-react';
import {
  ConfirmDialog,
  PickListScreen,
  ReportDocumentScreen,
  StepEnded,
  StepRunError,
} from '@procedo/process-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { storyCarriers, storyColours } from './story-support';

/** The runner's screens on their own, with fixed data (the Step run stories show them in a run). */
const meta = {
  title: 'process-react/Screens',
  component: PickListScreen,
  args: { data: storyColours, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof PickListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pick list, several: check boxes, one chosen already. */
export const PickListMulti: Story = {};

/** Pick list, one: a radio group. */
export const PickListSingle: Story = { args: { data: storyCarriers } };

/** Pick list while the choice is sent. */
export const PickListSubmitting: Story = { args: { isSubmitting: true } };

/** Pick list after the server refused the choice. */
export const PickListError: Story = {
  args: { data: storyCarriers, errorMessage: 'The step is not the active step of its process.' },
};

/** Report document, before it is produced. */
export const Report: Story = {
  render: () => (
    <ReportDocumentScreen
      stepName="Order summary"
      documentUrl={null}
      onProduce={fn()}
      onContinue={fn()}
      onCancel={fn()}
    />
  ),
};

/** Report document, being produced. */
export const ReportProducing: Story = {
  render: () => (
    <ReportDocumentScreen
      stepName="Order summary"
      documentUrl={null}
      isProducing
      onProduce={fn()}
      onContinue={fn()}
      onCancel={fn()}
    />
  ),
};

/** Report document, produced: its link and Continue. */
export const ReportReady: Story = {
  render: () => (
    <ReportDocumentScreen
      stepName="Order summary"
      documentUrl="about:blank"
      onProduce={fn()}
      onContinue={fn()}
      onCancel={fn()}
    />
  ),
};

/** A confirm question. */
export const Confirm: Story = {
  render: () => <ConfirmDialog title="Confirm the start" message="Start the tour now?" onAnswer={fn()} />,
};

/** A failed step call. */
export const RunError: Story = {
  render: () => (
    <StepRunError
      stepName="Confirm the start"
      message="The step is not the active step of its process."
      onRetry={fn()}
      onClose={fn()}
    />
  ),
};

/** 'This part of the process has ended.' */
export const Ended: Story = { render: () => <StepEnded /> };

/** Right-to-left: the pick list mirrors. */
export const PickListRightToLeft: Story = {
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
