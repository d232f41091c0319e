import type { StepDefinition } from '@procedo/client-api';

/**
 * How a step of a process command is defined (stored as JSON per step in `process_command_steps`
 * and in each published version, `process_command_versions`): the schema lives in client-api,
 * shared with the process command designer; the semantics are those of docs/processes.md.
 */
export {
  ConfirmDefinitionSchema,
  PickListDefinitionSchema,
  type ProcessCommandDefinition,
  ProcessCommandDefinitionSchema,
  PromptDefinitionSchema,
  type StepDefinition,
  StepDefinitionSchema,
} from '@procedo/client-api';

/** A question a step asks (its phase while it waits for the answer). */
export type QuestionPhase = 'confirm' | 'prompt' | 'completion-confirm' | 'completion-prompt';

/** The questions a step asks, in the order of spec §4. */
export function questionsOf(def: StepDefinition): QuestionPhase[] {
  const questions: QuestionPhase[] = [];
  if (def.confirm) questions.push('confirm');
  if (def.prompt) questions.push('prompt');
  if (def.completionConfirm) questions.push('completion-confirm');
  if (def.completionPrompt) questions.push('completion-prompt');
  return questions;
}

/**
 * The phase a step starts in when it becomes active: its first question, `run` (an action with
 * nothing to ask), or what the step waits for (`page`, `pick`, `report`, `sub-process`).
 */
export function initialPhase(def: StepDefinition): string {
  switch (def.kind) {
    case 'action':
    case 'completion-confirm':
    case 'completion-prompt':
      return questionsOf(def)[0] ?? 'run';
    case 'form':
    case 'detail-page':
      return 'page';
    case 'pick-list-single':
    case 'pick-list-multi':
      return 'pick';
    case 'report-document':
      return 'report';
    case 'sub-process':
      return 'sub-process';
  }
}
