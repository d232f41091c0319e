import type { CommandDefinition } from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { CommandDesigner } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// A batch release: pick the batch, review it, a confirm whose "no" skips to the report, a report
// and a closing question.
const batchRelease: CommandDefinition = {
  Name: 'Batch release',
  Description: 'Review a batch and release it, or report why not.',
  OpenFlow: true,
  Start: false,
  AskName: true,
  Steps: [
    {
      name: 'Choose the batch',
      kind: 'pick-list-single',
      pickList: { entity: 'batch', prompt: 'Which batch is released?', limit: 50, variable: 'Batch' },
    },
    {
      name: 'Review the batch record',
      kind: 'detail-page',
      url: '/form?WebTemplateNo=104&UGoToItemNo={var:Batch|1}&a_step_id={StepId}',
      target: '_self',
      requiredData: ['UGoToItemNo'],
    },
    {
      name: 'Release decision',
      kind: 'action',
      hint: 'No goes straight to the report.',
      confirm: { message: 'Release this batch?', cancelToast: 'The batch is not released.', noProceedsTo: 3 },
    },
    {
      name: 'Release report',
      kind: 'report-document',
      reportTitle: 'Batch release report',
      target: '_blank',
    },
    {
      name: 'Close the release',
      kind: 'completion-confirm',
      completionConfirm: { message: 'Close this release?', cancelToast: 'The release stays open.' },
    },
  ],
};

// A draft with problems: a form step without its page and two steps of the same name.
const withProblems: CommandDefinition = {
  ...batchRelease,
  Steps: [
    ...batchRelease.Steps,
    { name: 'Release report', kind: 'action', hint: 'A second step of the same name.' },
    { name: 'Enter the certificate', kind: 'form', url: '' },
  ],
};

const meta = {
  title: 'forms-react/Designer/CommandDesigner',
  component: CommandDesigner,
  args: {
    command: batchRelease,
    onPublish: fn(async () => ({ Version: 2 })),
    commandNames: ['Batch release', 'CAPA', 'Deviation handling'],
  },
} satisfies Meta<typeof CommandDesigner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A command as published: select a step to edit it, add one of any kind, move with Alt+Arrow keys. */
export const Default: Story = {};

/** A draft with problems: each shows at its step in the list and at its field in the panel. */
export const DraftWithProblems: Story = { args: { command: withProblems } };

/** Another designer published first (write a change note, press Publish): the draft stays, the message names their version. */
export const Conflict: Story = {
  args: {
    onPublish: fn(async () => {
      throw { code: 'CONFLICT', currentVersion: 3 };
    }),
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <CommandDesigner {...args} />
      </div>
    </I18nProvider>
  ),
};
