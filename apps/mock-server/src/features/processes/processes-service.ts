import type {
  CreatableCommand,
  CreateProcessRequestSchema,
  PickListData,
  Process,
  ProcessList,
  StepOpening,
  StepResult,
} from '@procedo/client-api';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { KeyInTransaction } from '../../http/idempotency-store';
import { formAccessOf } from '../forms/form-access';
import type { AuthContext } from '../session/session-service';
import { createAnswerCalls } from './process-answers';
import {
  invalid,
  loadProcess,
  loadStep,
  mayStart,
  ProcessMessages,
  type RunBody,
  storeOf,
} from './process-context';
import { createProcessLifecycle, freshStep } from './process-lifecycle';
import { createPageStepCalls } from './process-page-steps';
import { createPickListCalls } from './process-pick-list';
import { isSafeUrl } from './process-urls';
import { breadcrumb, describe, pageUrl, reload, toProcess } from './process-view';
import type { CommandRecord, ProcessOrderColumn } from './processes-store';

type CreateBody = z.output<typeof CreateProcessRequestSchema>;

const VariablesSchema = z
  .array(z.strictObject({ Name: z.string().max(100), Value: z.string().max(10_000) }))
  .max(200);

/** The user-process engine: definitions, instances, step runs, completions and resets. */
export interface ProcessesService {
  list(
    auth: AuthContext,
    query: {
      skip: number;
      top: number;
      orderBy: ProcessOrderColumn;
      descending: boolean;
      state: 'open' | 'completed' | null;
      /** The list as it was at this instant (ISO UTC); null for now. */
      at: string | null;
    },
  ): Promise<ProcessList>;
  /** The commands the user may start: none whose steps open a form the user's profile may not open. */
  creatableCommands(
    auth: AuthContext,
    order: { column: 'Id' | 'Name' | 'StepCount'; descending: boolean },
  ): Promise<CreatableCommand[]>;
  /** Creates a process; with `key`, its `Idempotency-Key` is answered in the create's transaction. */
  createProcess(
    auth: AuthContext,
    commandId: number | null,
    body: CreateBody,
    mode: 0 | 1,
    key?: KeyInTransaction,
  ): Promise<Process>;
  /** The process now, or as it was at `at` (ISO UTC; 404 NOT_FOUND_AT_TIMEPOINT before it was created). */
  getProcess(auth: AuthContext, processId: number, at?: string | null): Promise<Process>;
  resetProcess(auth: AuthContext, processId: number): Promise<Process>;
  openStep(auth: AuthContext, stepId: number, at?: string | null): Promise<StepOpening>;
  run(auth: AuthContext, stepId: number, body: RunBody): Promise<StepResult>;
  answerPrompt(auth: AuthContext, stepId: number, promptResult: string): Promise<StepResult>;
  pickListData(auth: AuthContext, stepId: number): Promise<PickListData>;
  completePickList(
    auth: AuthContext,
    stepId: number,
    selection: { multi: true; ids: string[] } | { multi: false; id: string },
  ): Promise<StepResult>;
  completeReportDocument(auth: AuthContext, stepId: number): Promise<StepResult>;
  reportDocument(auth: AuthContext, stepId: number, at?: string | null): Promise<string>;
  completeDetailPage(
    auth: AuthContext,
    stepId: number,
    page: { QueryString: string; CurrentPageUrl: string },
  ): Promise<StepResult>;
  resetStep(auth: AuthContext, stepId: number, chain: boolean): Promise<StepResult>;
}

/** Creates the {@link ProcessesService}. */
export function createProcessesService(options: { now: () => number }): ProcessesService {
  const { now } = options;
  const lifecycle = createProcessLifecycle(now);
  const { event, insertProcess, resetProcessTree } = lifecycle;

  return {
    async list(auth, query) {
      const store = storeOf(auth, query.at);
      const { rows, total } = await store.listProcesses({
        ownerUserId: auth.user.isSupervisor ? null : auth.user.id,
        state: query.state,
        orderBy: query.orderBy,
        descending: query.descending,
        offset: query.skip,
        limit: query.top,
      });
      const currentStepName = async (row: (typeof rows)[number]) =>
        row.currentStepPosition === null
          ? null
          : ((await store.getCommandVersion(row.commandId, row.commandVersion))?.steps[
              row.currentStepPosition
            ]?.name ?? null);
      const items = [];
      for (const row of rows) items.push({ row, stepName: await currentStepName(row) });
      return {
        Items: items.map(({ row, stepName }) => ({
          Id: row.id,
          Name: row.name,
          CommandId: row.commandId,
          CommandName: row.commandName,
          ParentProcessId: row.parentProcessId,
          State: row.state,
          CurrentStepId: row.currentStepId,
          CurrentStepName: stepName,
          CreatedBy: row.createdBy,
          CreatedAtUtc: row.createdAt,
        })),
        Total: total,
        Skip: query.skip,
        Top: query.top,
      };
    },

    async creatableCommands(auth, order) {
      const store = storeOf(auth);
      const mayOpen = await formAccessOf(auth.database, auth.user.profileId);
      const key = (c: CommandRecord) =>
        order.column === 'Id'
          ? c.id
          : order.column === 'StepCount'
            ? c.steps.length
            : c.name.toLocaleLowerCase('en');
      const creatable: CommandRecord[] = [];
      for (const command of await store.listCommands()) {
        if (await mayStart(store, mayOpen, command)) creatable.push(command);
      }
      const sorted = creatable.sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const by = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
        return order.descending ? -by : by;
      });
      return sorted.map((c) => ({
        Id: c.id,
        Name: c.name,
        Description: c.description,
        OpenFlow: c.openFlow,
        Start: c.start,
        AskName: c.askName,
        StepCount: c.steps.length,
      }));
    },

    async createProcess(auth, commandId, body, mode, key) {
      const store = storeOf(auth);
      const command = commandId === null ? null : await store.getCommand(commandId);
      if (!command) {
        throw new AppError({
          status: 400,
          code: 'COMMAND_ID_MISSING',
          message: ProcessMessages.CommandIdMissing,
          issues: [
            { code: 'custom', path: ['originatingCommandId'], message: ProcessMessages.CommandIdMissing },
          ],
        });
      }
      if (!(await mayStart(store, await formAccessOf(auth.database, auth.user.profileId), command))) {
        throw new AppError({
          status: 403,
          code: 'FORBIDDEN',
          message: `You may not start ${command.name}: a step opens a form your profile may not open.`,
        });
      }
      if (body.ParentUrl && !isSafeUrl(body.ParentUrl)) {
        throw invalid(['ParentUrl'], 'Must be a path of this site or an http(s) URL');
      }
      let variables = body.Properties?.Variables ?? null;
      if (body.PropertyBag !== undefined && body.PropertyBag !== null && body.PropertyBag !== '') {
        let bag: unknown;
        try {
          bag = JSON.parse(body.PropertyBag);
        } catch {
          throw invalid(['PropertyBag'], 'Must be the Properties as JSON text');
        }
        if (bag === null || typeof bag !== 'object' || Array.isArray(bag)) {
          throw invalid(['PropertyBag'], 'Must be the Properties as JSON text');
        }
        if (variables === null && 'Variables' in bag) {
          const parsed = VariablesSchema.safeParse((bag as { Variables: unknown }).Variables);
          if (!parsed.success)
            throw invalid(['PropertyBag', 'Variables'], 'Must be a list of { Name, Value }');
          variables = parsed.data;
        }
      }
      const name = body.Name?.trim() || command.name;
      const { id, answer } = await store.transaction(async (tx) => {
        const id = await insertProcess(tx, auth, command, {
          name,
          parentProcessId: null,
          parentStepId: null,
          parentUrl: body.ParentUrl ?? null,
          ownerUserId: auth.user.id,
          variables: variables ?? [],
          propertyBag: body.PropertyBag ?? null,
          mode,
        });
        if (!key) return { id, answer: null };
        // The key's answer is the process as this transaction leaves it: it commits with the process.
        const answer = await toProcess(tx, (await tx.getProcess(id))!);
        await tx.writeKey(key.created(answer));
        return { id, answer };
      });
      if (answer) return answer;
      const process = await store.getProcess(id);
      if (!process) throw new Error('created process vanished');
      return toProcess(store, process);
    },

    async getProcess(auth, processId, at = null) {
      const store = storeOf(auth, at);
      return toProcess(store, await loadProcess(auth, store, processId, at));
    },

    async resetProcess(auth, processId) {
      const store = storeOf(auth);
      await store.transaction(async (tx) =>
        resetProcessTree(tx, auth, await loadProcess(auth, tx, processId)),
      );
      return toProcess(store, await loadProcess(auth, store, processId));
    },

    async openStep(auth, stepId, at = null) {
      const store = storeOf(auth, at);
      const ctx = await loadStep(auth, store, stepId, at);
      return {
        Id: ctx.step.id,
        ProcessId: ctx.process.id,
        ParentProcessId: ctx.process.parentProcessId,
        StepName: ctx.def.name,
        Hint: ctx.def.hint ?? null,
        BreadCrumbHtml: await breadcrumb(store, ctx.process, ctx.def.name, ctx.step.id),
        UrlToOpenTarget: ctx.def.target ?? null,
        StepKind: ctx.def.kind,
        State: ctx.step.state,
        UrlToOpen: await pageUrl(store, ctx),
        RequiredData: ctx.def.requiredData ?? [],
        ProcessState: ctx.process.state,
      };
    },

    resetStep(auth, stepId, chain) {
      return storeOf(auth).transaction(async (tx) => {
        const ctx = await loadStep(auth, tx, stepId);
        const steps = await tx.listSteps(ctx.process.id);
        for (const step of steps) {
          const def = ctx.command.steps[step.position];
          if (!def) continue;
          const inReset = step.id === ctx.step.id || (chain && step.position > ctx.step.position);
          if (inReset) {
            await tx.updateStep(step.id, freshStep(def, step.id === ctx.step.id ? 'active' : 'waiting'));
            // A reset sub-process step resets its sub-process too; the link is kept.
            const child = step.subProcessId === null ? null : await tx.getProcess(step.subProcessId);
            if (child) await resetProcessTree(tx, auth, child);
          } else if (step.state === 'active') {
            await tx.updateStep(step.id, freshStep(def, 'waiting'));
          }
        }
        await tx.updateProcess(ctx.process.id, {
          state: 'open',
          completedAt: null,
          currentStepId: ctx.step.id,
        });
        const message = chain ? ProcessMessages.StepChainReset : ProcessMessages.StepReset;
        await event(
          tx,
          auth,
          ctx.process.id,
          ctx.step.id,
          chain ? 'step-chain-reset' : 'step-reset',
          message,
        );
        return describe(tx, await reload(tx, ctx), { ToastMessage: message });
      });
    },
    ...createAnswerCalls(lifecycle),
    ...createPickListCalls(lifecycle),
    ...createPageStepCalls(now, lifecycle),
  };
}
