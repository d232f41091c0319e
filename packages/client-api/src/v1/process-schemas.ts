import * as z from 'zod/mini';

/**
 * Wire schemas of user processes (spec §3, §4, §7; CONTRACT "User processes"), shared by the
 * server and the step runner. Field names are the spec's, PascalCase. Semantics of each field and
 * of each step kind: `docs/processes.md`.
 */

/**
 * A flag as the product sends it: a boolean, or `'1'`/`'0'` (and `1`/`0`, `'true'`/`'false'`).
 * Spec §4: a flag value `'0'` counts as false. Read as a boolean.
 */
export const FlagSchema = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])]),
  z.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

const Id = z.int().check(z.positive());
const Text = (max: number) => z.string().check(z.maxLength(max));
const OptionalText = (max: number) => z.nullable(Text(max));

/** The kinds of step the engine runs (docs/processes.md describes each). */
export const StepKindSchema = z.enum([
  'action',
  'form',
  'pick-list-single',
  'pick-list-multi',
  'report-document',
  'detail-page',
  'sub-process',
  'completion-confirm',
  'completion-prompt',
]);
export type StepKind = z.infer<typeof StepKindSchema>;

/** A step instance's state: not reached yet, the one to run, done, or passed over by a proceed. */
export const StepStateSchema = z.enum(['waiting', 'active', 'completed', 'skipped']);
export type StepState = z.infer<typeof StepStateSchema>;

/** A process instance's state. */
export const ProcessStateSchema = z.enum(['open', 'completed']);
export type ProcessState = z.infer<typeof ProcessStateSchema>;

/**
 * The user-process step result (spec §3): what every step call answers, and what `action/run`
 * takes back (the previous result with the user's answer filled in).
 */
export const StepResultSchema = z.object({
  ProcessId: Id,
  ParentProcessId: z.nullable(Id),
  StepId: Id,
  StepName: Text(200),
  Hint: OptionalText(2000),
  /** Server HTML: display only after sanitising (DOMPurify). */
  BreadCrumbHtml: OptionalText(20_000),
  /** Run another step next (this one is done). */
  ProceedToStepId: z.nullable(Id),
  /** The run stopped; the step stays active. */
  CancelProceed: FlagSchema,
  ToastMessage: OptionalText(2000),
  AlertMessage: OptionalText(2000),
  /** The step is completed and the run is over: close the dialog or go to the process/step page. */
  IsCompleted: FlagSchema,
  /** This result completes the step once its URL (if any) has been opened. */
  IsCompletion: FlagSchema,
  /** A named client action (never evaluated as code; see process-react's script actions). */
  Script: OptionalText(200),
  ConfirmRequired: FlagSchema,
  Confirmed: FlagSchema,
  ConfirmMessage: OptionalText(2000),
  ConfirmResult: z.nullable(FlagSchema),
  PromptRequired: FlagSchema,
  Prompted: FlagSchema,
  PromptMessage: OptionalText(2000),
  PromptSuggestion: OptionalText(2000),
  PromptResult: OptionalText(10_000),
  UrlToOpen: OptionalText(2000),
  UrlToOpenTarget: OptionalText(200),
  AppRootUrl: Text(2000),
  CompletionConfirmRequired: FlagSchema,
  CompletionConfirmed: FlagSchema,
  CompletionConfirmResult: z.nullable(FlagSchema),
  CompletionPromptRequired: FlagSchema,
  CompletionPrompted: FlagSchema,
  CompletionPromptMessage: OptionalText(2000),
  CompletionPromptSuggestion: OptionalText(2000),
  CompletionPromptResult: OptionalText(10_000),
  /** Opaque token of the step's phase; sent back unchanged so the server can spot stale or repeated answers. */
  ActionState: OptionalText(200),
  /** Opaque JSON text the step keeps between runs. */
  ActionStateBag: OptionalText(20_000),
});
export type StepResult = z.output<typeof StepResultSchema>;

/**
 * Body of `action/run`: the previous result (answers filled in), or `null` for a first run.
 * Strict: unknown fields are refused; missing fields read as unset.
 */
export const StepRunRequestSchema = z.nullable(z.strictObject(z.partial(StepResultSchema).shape));
export type StepRunRequest = z.input<typeof StepRunRequestSchema>;

/** A step as the process lists it. */
export const ProcessStepSchema = z.object({
  Id: Id,
  ProcessId: Id,
  ParentProcessId: z.nullable(Id),
  StepName: Text(200),
  StepKind: StepKindSchema,
  State: StepStateSchema,
  /** 0-based order in the process. */
  Position: z.int().check(z.nonnegative()),
  Hint: OptionalText(2000),
  UrlToOpenTarget: OptionalText(200),
  /** For `sub-process` steps: the child process, once started. */
  SubProcessId: z.nullable(Id),
  CompletedAtUtc: z.nullable(z.iso.datetime()),
  CompletedBy: OptionalText(200),
});
export type ProcessStep = z.output<typeof ProcessStepSchema>;

/** `GET steps/{stepId}`: the "process step (opening)" fields of spec §3, and how to open it. */
export const StepOpeningSchema = z.object({
  Id: Id,
  ProcessId: Id,
  ParentProcessId: z.nullable(Id),
  StepName: Text(200),
  Hint: OptionalText(2000),
  BreadCrumbHtml: OptionalText(20_000),
  UrlToOpenTarget: OptionalText(200),
  StepKind: StepKindSchema,
  State: StepStateSchema,
  /** The page a `form`, `detail-page` or `sub-process` step opens; `null` for the others. */
  UrlToOpen: OptionalText(2000),
  /** Query parameters a `detail-page` step needs in the page's QueryString to complete. */
  RequiredData: z.array(Text(64)),
  /** The process's state (a step of a completed process cannot run). */
  ProcessState: ProcessStateSchema,
});
export type StepOpening = z.output<typeof StepOpeningSchema>;

/** A `{ Name, Value }` pair of the create payload's variables. */
export const ProcessVariableSchema = z.object({ Name: Text(100), Value: Text(10_000) });
export type ProcessVariable = z.output<typeof ProcessVariableSchema>;

/** One entry of a process's history (who did what to which step, when). */
export const ProcessEventSchema = z.object({
  At: z.iso.datetime(),
  By: Text(200),
  StepId: z.nullable(Id),
  Kind: Text(64),
  Detail: OptionalText(2000),
});
export type ProcessEvent = z.output<typeof ProcessEventSchema>;

/** `GET process/{id}` and the create answer: the process with every step (spec §3 Process: Id, AllSteps). */
export const ProcessSchema = z.object({
  Id: Id,
  Name: Text(200),
  CommandId: Id,
  CommandName: Text(200),
  ParentProcessId: z.nullable(Id),
  ParentUrl: OptionalText(2000),
  State: ProcessStateSchema,
  /** The active step; `null` when the process is completed. */
  CurrentStepId: z.nullable(Id),
  CreatedBy: Text(200),
  CreatedAtUtc: z.iso.datetime(),
  CompletedAtUtc: z.nullable(z.iso.datetime()),
  Hint: OptionalText(2000),
  BreadCrumbHtml: OptionalText(20_000),
  Variables: z.array(ProcessVariableSchema),
  PropertyBag: OptionalText(100_000),
  AllSteps: z.array(ProcessStepSchema),
  /** Child processes (ParentProcessId = this one). */
  SubProcesses: z.array(z.object({ Id: Id, Name: Text(200), State: ProcessStateSchema })),
  /** The newest events first, at most 50. */
  History: z.array(ProcessEventSchema),
});
export type Process = z.output<typeof ProcessSchema>;

/** A row of `GET user/system/user-processes`. */
export const ProcessSummarySchema = z.object({
  Id: Id,
  Name: Text(200),
  CommandId: Id,
  CommandName: Text(200),
  ParentProcessId: z.nullable(Id),
  State: ProcessStateSchema,
  CurrentStepId: z.nullable(Id),
  CurrentStepName: OptionalText(200),
  CreatedBy: Text(200),
  CreatedAtUtc: z.iso.datetime(),
});
export type ProcessSummary = z.output<typeof ProcessSummarySchema>;

/** `GET user/system/user-processes`: one page, newest first. */
export const ProcessListSchema = z.object({
  Items: z.array(ProcessSummarySchema),
  Total: z.int().check(z.nonnegative()),
  Skip: z.int().check(z.nonnegative()),
  Top: z.int().check(z.positive()),
});
export type ProcessList = z.output<typeof ProcessListSchema>;

/** A command that can be created as a process (`lookup/commands/creatable-as-process`). */
export const CreatableCommandSchema = z.object({
  Id: Id,
  Name: Text(200),
  Description: Text(2000),
  /** Default 'open flow' option of the process command (spec §4). */
  OpenFlow: FlagSchema,
  /** Default 'start' option of the process command (spec §4). */
  Start: FlagSchema,
  /** Whether creating asks 'Enter a name for the new process'. */
  AskName: FlagSchema,
  StepCount: z.int().check(z.nonnegative()),
});
export type CreatableCommand = z.output<typeof CreatableCommandSchema>;
export const CreatableCommandListSchema = z.array(CreatableCommandSchema);

/** Columns `$orderby` accepts on the creatable-commands lookup (anything else is 400). */
export const CREATABLE_COMMAND_ORDER_COLUMNS = ['Id', 'Name', 'StepCount'] as const;
/** Columns `$orderby` accepts on the process list (anything else is 400). */
export const PROCESS_ORDER_COLUMNS = ['Id', 'Name', 'CommandName', 'State', 'CreatedAtUtc'] as const;

/** `POST command/create-process?originatingCommandId={id}` body (spec §3 Create-process payload). */
export const CreateProcessRequestSchema = z.strictObject({
  Name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
  ParentUrl: z.optional(z.nullable(Text(2000))),
  Properties: z.optional(
    z.nullable(
      z.strictObject({
        Variables: z.array(z.strictObject({ Name: Text(100), Value: Text(10_000) })).check(z.maxLength(200)),
      }),
    ),
  ),
  /** The Properties as a JSON string. */
  PropertyBag: z.optional(z.nullable(Text(100_000))),
});
export type CreateProcessRequest = z.input<typeof CreateProcessRequestSchema>;

/** An item of a pick-list step. */
export const PickListItemSchema = z.object({
  Id: Text(100),
  Text: Text(500),
  Description: OptionalText(2000),
});
export type PickListItem = z.output<typeof PickListItemSchema>;

/** `pick-list/data`: the rows to choose from and what is chosen already. */
export const PickListDataSchema = z.object({
  StepId: Id,
  StepName: Text(200),
  IsMulti: z.boolean(),
  Prompt: OptionalText(2000),
  Items: z.array(PickListItemSchema),
  Selected: z.array(Text(100)),
});
export type PickListData = z.output<typeof PickListDataSchema>;

/** `action/complete/pick-list/multi` body (spec §3 Pick-list post). */
export const PickListMultiRequestSchema = z.strictObject({
  SelectedItems: z.array(Text(100)).check(z.minLength(1, 'Choose at least one item'), z.maxLength(1000)),
});
/** `action/complete/pick-list/single` body (spec §3 Pick-list post). */
export const PickListSingleRequestSchema = z.strictObject({
  SelectedItem: z.string().check(z.minLength(1, 'Choose an item'), z.maxLength(100)),
});
/** `action/complete/detail-page` body (spec §3 Detail-page completion). */
export const DetailPageCompleteRequestSchema = z.strictObject({
  QueryString: Text(4000),
  CurrentPageUrl: Text(4000),
});
/** `prompt/action` body: the answer to the step's pending prompt. */
export const PromptActionRequestSchema = z.strictObject({ PromptResult: Text(10_000) });
