import { StepKindSchema } from '@procedo/client-api';
import { z } from 'zod';

/**
 * How a step of a process command is defined (stored as JSON per step in
 * `process_command_steps`). Which options each kind takes is checked by {@link StepDefinitionSchema};
 * the semantics are those of docs/processes.md.
 *
 * URLs are templates: `{StepId}`, `{ProcessId}` and `{var:Name|fallback}` (a process variable,
 * URL-encoded, or the fallback when it is missing) are filled in when the step runs.
 */
const Message = z.string().min(1).max(2000);

export const ConfirmDefinitionSchema = z.strictObject({
  message: Message,
  /** The ToastMessage of the cancelling answer (no). */
  cancelToast: Message,
  /**
   * Position of the step a "no" proceeds to (the steps in between become `skipped`) instead of
   * cancelling the run.
   */
  noProceedsTo: z.number().int().nonnegative().optional(),
});

export const PromptDefinitionSchema = z.strictObject({
  message: Message,
  suggestion: z.string().max(2000).optional(),
  /** The process variable the answer is kept in. */
  variable: z.string().min(1).max(100).optional(),
});

export const PickListDefinitionSchema = z.strictObject({
  /** The business entity the rows come from (`records`). */
  entity: z.enum(['supplier', 'product', 'batch', 'deviation']),
  prompt: Message,
  /** Rows offered at most. */
  limit: z.number().int().positive().max(200),
  /** The process variable the chosen ids (comma-separated) are kept in. */
  variable: z.string().min(1).max(100),
});

export const StepDefinitionSchema = z
  .strictObject({
    name: z.string().min(1).max(200),
    kind: StepKindSchema,
    hint: z.string().max(2000).optional(),
    /** UrlToOpenTarget. */
    target: z.string().max(200).optional(),
    /** The URL template an `action`, `form` or `detail-page` step opens. */
    url: z.string().min(1).max(2000).optional(),
    confirm: ConfirmDefinitionSchema.optional(),
    prompt: PromptDefinitionSchema.optional(),
    completionConfirm: ConfirmDefinitionSchema.omit({ noProceedsTo: true }).optional(),
    completionPrompt: PromptDefinitionSchema.optional(),
    pickList: PickListDefinitionSchema.optional(),
    /** Query parameters a `form` or `detail-page` completion must carry, non-empty. */
    requiredData: z.array(z.string().min(1).max(64)).optional(),
    /** The command (by name) a `sub-process` step starts. */
    subProcessCommand: z.string().min(1).max(200).optional(),
    /** The title of a `report-document` step's document. */
    reportTitle: z.string().min(1).max(200).optional(),
  })
  .superRefine((step, ctx) => {
    const need = (field: keyof typeof step, why: string) => {
      if (step[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: why });
    };
    const refuse = (fields: (keyof typeof step)[]) => {
      for (const field of fields) {
        if (step[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: `not an option of ${step.kind} steps` });
        }
      }
    };
    switch (step.kind) {
      case 'action':
        refuse(['pickList', 'requiredData', 'subProcessCommand', 'reportTitle']);
        break;
      case 'form':
      case 'detail-page':
        need('url', 'the page the step opens');
        refuse([
          'confirm',
          'prompt',
          'completionConfirm',
          'completionPrompt',
          'pickList',
          'subProcessCommand',
        ]);
        break;
      case 'pick-list-single':
      case 'pick-list-multi':
        need('pickList', 'where the rows come from');
        refuse(['url', 'confirm', 'prompt', 'completionConfirm', 'completionPrompt', 'requiredData']);
        break;
      case 'report-document':
        refuse(['url', 'confirm', 'prompt', 'completionConfirm', 'completionPrompt', 'pickList']);
        break;
      case 'sub-process':
        need('subProcessCommand', 'the command the sub-process runs');
        refuse(['url', 'confirm', 'prompt', 'completionConfirm', 'completionPrompt', 'pickList']);
        break;
      case 'completion-confirm':
        need('completionConfirm', 'the question');
        refuse(['url', 'confirm', 'prompt', 'completionPrompt', 'pickList', 'requiredData']);
        break;
      case 'completion-prompt':
        need('completionPrompt', 'the question');
        refuse(['url', 'confirm', 'prompt', 'completionConfirm', 'pickList', 'requiredData']);
        break;
    }
  });
export type StepDefinition = z.infer<typeof StepDefinitionSchema>;

/** A command creatable as a process, with its steps in order. */
export const ProcessCommandDefinitionSchema = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().max(2000),
  openFlow: z.boolean(),
  start: z.boolean(),
  askName: z.boolean(),
  steps: z.array(StepDefinitionSchema).max(100),
});
export type ProcessCommandDefinition = z.infer<typeof ProcessCommandDefinitionSchema>;

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
