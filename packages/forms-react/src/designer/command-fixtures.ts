import type { CommandDefinition } from '@procedo/client-api';

/** A command with steps of most kinds and a confirm whose "no" skips a step (tests and stories). */
export const DEVIATION_COMMAND: CommandDefinition = {
  Name: 'Deviation handling',
  Description: 'Assess a deviation, find its root cause, start a CAPA when one is needed, report and close.',
  OpenFlow: false,
  Start: true,
  AskName: false,
  Steps: [
    {
      name: 'Choose the deviation',
      kind: 'pick-list-single',
      pickList: {
        entity: 'deviation',
        prompt: 'Which deviation is handled?',
        limit: 50,
        variable: 'Deviation',
      },
    },
    {
      name: 'Review the deviation record',
      kind: 'detail-page',
      hint: 'Check severity and description.',
      url: '/form?WebTemplateNo=103&UGoToItemNo={var:Deviation|1}&a_step_id={StepId}',
      target: '_self',
      requiredData: ['UGoToItemNo'],
    },
    {
      name: 'CAPA decision',
      kind: 'action',
      hint: 'No skips the CAPA and goes straight to the report.',
      confirm: {
        message: 'Is a corrective and preventive action (CAPA) needed?',
        cancelToast: 'No CAPA needed.',
        noProceedsTo: 4,
      },
    },
    { name: 'Run the CAPA', kind: 'sub-process', subProcessCommand: 'CAPA', target: '_self' },
    { name: 'Deviation report', kind: 'report-document', reportTitle: 'Deviation report', target: '_blank' },
    {
      name: 'Close the deviation',
      kind: 'completion-prompt',
      completionPrompt: { message: 'Closing comment', variable: 'ClosingComment' },
    },
  ],
};

/** The commands a sub-process step may start (tests and stories). */
export const COMMAND_NAMES = ['CAPA', 'Deviation handling', 'Supplier onboarding'] as const;
