import * as z from 'zod/mini';
import { StepKindSchema } from './process-schemas';

/**
 * How a step of a process command is defined: the engine's own schema (the server stores each
 * step as this JSON and runs it), shared with the process command designer (issue 16). Which
 * options each kind takes is checked by {@link StepDefinitionSchema}; the semantics are those of
 * docs/processes.md. Field names are the engine's (camelCase): a step is stored and published as is.
 *
 * URLs are templates: `{StepId}`, `{ProcessId}` and `{var:Name|fallback}` (a process variable,
 * URL-encoded, or the fallback when it is missing) are filled in when the step runs.
 */
const Message = z.string().check(z.minLength(1), z.maxLength(2000));
const Name = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const ConfirmDefinitionSchema = z.strictObject({
  message: Message,
  /** The ToastMessage of the cancelling answer (no). */
  cancelToast: Message,
  /**
   * Position of the step a "no" proceeds to (the steps in between become `skipped`) instead of
   * cancelling the run.
   */
  noProceedsTo: z.optional(z.int().check(z.nonnegative())),
});

export const PromptDefinitionSchema = z.strictObject({
  message: Message,
  suggestion: z.optional(z.string().check(z.maxLength(2000))),
  /** The process variable the answer is kept in. */
  variable: z.optional(Name(100)),
});

export const PickListDefinitionSchema = z.strictObject({
  /** The business entity the rows come from (`records`). */
  entity: z.enum(['supplier', 'product', 'batch', 'deviation']),
  prompt: Message,
  /** Rows offered at most. */
  limit: z.int().check(z.positive(), z.maximum(200)),
  /** The process variable the chosen ids (comma-separated) are kept in. */
  variable: Name(100),
});

const StepFieldsSchema = z.strictObject({
  name: Name(200),
  kind: StepKindSchema,
  hint: z.optional(z.string().check(z.maxLength(2000))),
  /** UrlToOpenTarget. */
  target: z.optional(z.string().check(z.maxLength(200))),
  /** The URL template an `action`, `form` or `detail-page` step opens. */
  url: z.optional(Name(2000)),
  confirm: z.optional(ConfirmDefinitionSchema),
  prompt: z.optional(PromptDefinitionSchema),
  completionConfirm: z.optional(z.omit(ConfirmDefinitionSchema, { noProceedsTo: true })),
  completionPrompt: z.optional(PromptDefinitionSchema),
  pickList: z.optional(PickListDefinitionSchema),
  /** Query parameters a `form` or `detail-page` completion must carry, non-empty. */
  requiredData: z.optional(z.array(Name(64))),
  /** The command (by name) a `sub-process` step starts. */
  subProcessCommand: z.optional(Name(200)),
  /** The title of a `report-document` step's document. */
  reportTitle: z.optional(Name(200)),
});
type StepFields = z.infer<typeof StepFieldsSchema>;

export const StepDefinitionSchema = StepFieldsSchema.check(
  z.superRefine((step, ctx) => {
    const need = (field: keyof StepFields, why: string) => {
      if (step[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: why });
    };
    const refuse = (fields: (keyof StepFields)[]) => {
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
  }),
);
export type StepDefinition = z.infer<typeof StepDefinitionSchema>;

/** The rules across a command's steps: unique names, and a "no" proceeds to a later step. */
function checkSteps(steps: readonly StepDefinition[], ctx: z.core.$RefinementCtx, at: (string | number)[]) {
  const seen = new Set<string>();
  steps.forEach((step, i) => {
    if (seen.has(step.name)) {
      ctx.addIssue({ code: 'custom', path: [...at, i, 'name'], message: `duplicate step name ${step.name}` });
    }
    seen.add(step.name);
    const to = step.confirm?.noProceedsTo;
    if (to !== undefined && (to <= i || to >= steps.length)) {
      ctx.addIssue({
        code: 'custom',
        path: [...at, i, 'confirm', 'noProceedsTo'],
        message: `a "no" proceeds to a later step (${i + 1}–${steps.length - 1})`,
      });
    }
  });
}

/** A command creatable as a process, with its steps in order (as the engine stores it). */
export const ProcessCommandDefinitionSchema = z.strictObject({
  name: Name(200),
  description: z.string().check(z.maxLength(2000)),
  openFlow: z.boolean(),
  start: z.boolean(),
  askName: z.boolean(),
  steps: z.array(StepDefinitionSchema).check(z.maxLength(100)),
});
export type ProcessCommandDefinition = z.infer<typeof ProcessCommandDefinitionSchema>;

/**
 * A command as the designer edits and publishes it (`designer/commands…`): its fields, and its
 * steps in order in the engine's form. Strict; duplicate step names and a "no" that does not
 * proceed to a later step are refused at the step (`['Steps', i, …]`).
 */
export const CommandDefinitionSchema = z
  .strictObject({
    Name: Name(200),
    Description: z.string().check(z.maxLength(2000)),
    /** The flow opens when the process is created. */
    OpenFlow: z.boolean(),
    /** The first step is activated when the process is created. */
    Start: z.boolean(),
    /** The user names the process when creating it. */
    AskName: z.boolean(),
    Steps: z.array(StepDefinitionSchema).check(z.maxLength(100)),
  })
  .check(
    z.superRefine((command, ctx) => {
      checkSteps(command.Steps, ctx, ['Steps']);
    }),
  );
export type CommandDefinition = z.infer<typeof CommandDefinitionSchema>;
