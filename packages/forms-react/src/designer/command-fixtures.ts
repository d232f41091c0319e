import type { CommandDefinition } from '@procedo/client-api';

/**
 * A command with steps of most kinds and a confirm whose "no" skips a step (tests): the seeded
 * Deviation handling's step names, shortened.
 */
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
      pickList: { entity: 'deviation', prompt: 'Deviation?', limit: 20, variable: 'Picked' },
    },
    {
      name: 'Review the deviation record',
      kind: 'detail-page',
      url: '/form?WebTemplateNo=103&UGoToItemNo={var:Picked|1}',
      requiredData: ['UGoToItemNo'],
      target: '_self',
      hint: 'Severity first.',
    },
    {
      name: 'CAPA decision',
      kind: 'action',
      confirm: { message: 'Is a CAPA needed?', cancelToast: 'No CAPA needed.', noProceedsTo: 4 },
      hint: 'No goes to the report.',
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
