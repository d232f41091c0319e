import type * as z from 'zod/mini';
import { TIMEPOINT_HEADER } from '../http';
import { TIMEPOINT_PARAM, type TimepointInput, timepointText } from '../time/timepoint';
import { type IdempotencyOptions, idempotencyHeaders } from './idempotency';
import {
  type CreatableCommand,
  CreatableCommandListSchema,
  type CreateProcessRequest,
  type PickListData,
  PickListDataSchema,
  type Process,
  type ProcessList,
  ProcessListSchema,
  ProcessSchema,
  type StepOpening,
  StepOpeningSchema,
  type StepResult,
  StepResultSchema,
  type StepRunRequest,
} from './process-schemas';
import type { V1Request, V1RequestOptions } from './request';

/** The base path of the user-process API (CONTRACT). */
export const USER_PROCESSES_PATH = 'user/system/user-processes';

/** What every read of a process may take. */
export interface ProcessReadOptions {
  /**
   * Reads the processes as they were at this instant (time travel): sent as `?Timepoint=` and in
   * `X-Procedo-Timepoint`. A process created later is 404 `NOT_FOUND_AT_TIMEPOINT`. A `Date` is
   * sent as ISO 8601 UTC; a text must be `yyyy-MM-dd HH:mm` (UTC) or ISO 8601 with `Z`, else the
   * call rejects with a `RangeError` and sends nothing.
   * @default the current data
   */
  timepoint?: TimepointInput;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Query of {@link ProcessesApi.list}. */
export interface ProcessListQuery extends ProcessReadOptions {
  /** Rows to skip. @default 0 */
  skip?: number;
  /** Rows in the page (at most 200). @default 50 */
  top?: number;
  /** `Column` or `Column desc`; known columns only. @default 'CreatedAtUtc desc' */
  orderBy?: string;
  /** `open` or `completed`. @default both */
  state?: 'open' | 'completed';
}

/** Options of {@link ProcessesApi.createProcess}. */
export interface CreateProcessOptions extends IdempotencyOptions {
  /**
   * Spec §4: `1` when the process command's 'open flow' or 'start' option is set, else `0`; with
   * `1` the first step becomes active at once.
   * @default 1
   */
  mode?: 0 | 1;
}

/** The user-process resource of the v1 API (spec §7; CONTRACT "User processes"). */
export interface ProcessesApi {
  /** `GET user-processes`: the user's processes, one page (supervisors see everyone's). */
  list(query?: ProcessListQuery): Promise<ProcessList>;
  /** `GET lookup/commands/creatable-as-process?$orderby=…` */
  creatableCommands(orderBy?: string): Promise<CreatableCommand[]>;
  /** `POST command/create-process?originatingCommandId={id}` */
  createProcess(
    commandId: number,
    body: CreateProcessRequest,
    options?: CreateProcessOptions,
  ): Promise<Process>;
  /** `GET process/{id}`: the process with its steps and history (as of `timepoint` when given). */
  process(processId: number, options?: ProcessReadOptions): Promise<Process>;
  /** `POST process/{id}/reset/hard`: every step back to the start. */
  resetProcess(processId: number): Promise<Process>;
  /** `GET steps/{id}`: how to open a step (as of `timepoint` when given). */
  step(stepId: number, options?: ProcessReadOptions): Promise<StepOpening>;
  /** `POST steps/{id}/action/run`: body the previous result (answers filled in), or `null`. */
  run(stepId: number, previous: StepRunRequest): Promise<StepResult>;
  /** `POST steps/{id}/prompt/action`: answers the step's pending prompt. */
  answerPrompt(stepId: number, promptResult: string): Promise<StepResult>;
  /** `POST steps/{id}/pick-list/data` */
  pickListData(stepId: number): Promise<PickListData>;
  /** `POST steps/{id}/action/complete/pick-list/multi` */
  completePickListMulti(stepId: number, selectedItems: readonly string[]): Promise<StepResult>;
  /** `POST steps/{id}/action/complete/pick-list/single` */
  completePickListSingle(stepId: number, selectedItem: string): Promise<StepResult>;
  /** `POST steps/{id}/action/complete/report-document`: produces the document; its URL is in `UrlToOpen`. */
  completeReportDocument(stepId: number): Promise<StepResult>;
  /** `POST steps/{id}/action/complete/detail-page` */
  completeDetailPage(
    stepId: number,
    page: { QueryString: string; CurrentPageUrl: string },
  ): Promise<StepResult>;
  /** `POST steps/{id}/reset/hard`: this step back to active. */
  resetStep(stepId: number): Promise<StepResult>;
  /** `POST steps/{id}/chain/reset/hard`: this step and every later one. */
  resetStepChain(stepId: number): Promise<StepResult>;
}

const idPath = (id: number) => encodeURIComponent(String(id));

/** A read's request options: the timepoint as `?Timepoint=` and `X-Procedo-Timepoint`, the signal. */
function readOptions(options: ProcessReadOptions, params = new URLSearchParams()): V1RequestOptions {
  const timepoint = options.timepoint === undefined ? undefined : timepointText(options.timepoint);
  if (timepoint !== undefined) params.set(TIMEPOINT_PARAM, timepoint);
  return {
    searchParams: params,
    ...(timepoint === undefined ? {} : { headers: { [TIMEPOINT_HEADER]: timepoint } }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** Builds the user-process resource on a {@link V1Request}. */
export function createProcessesApi(request: V1Request): ProcessesApi {
  const base = USER_PROCESSES_PATH;
  const step = (id: number, tail: string) => `${base}/steps/${idPath(id)}/${tail}`;
  const post = <S extends z.core.$ZodType>(schema: S, path: string, json: unknown = {}) =>
    request(schema, path, { method: 'POST', json });
  return {
    async list(query = {}) {
      const params = new URLSearchParams();
      if (query.skip !== undefined) params.set('$skip', String(query.skip));
      if (query.top !== undefined) params.set('$top', String(query.top));
      if (query.orderBy !== undefined) params.set('$orderby', query.orderBy);
      if (query.state !== undefined) params.set('state', query.state);
      return request(ProcessListSchema, base, readOptions(query, params));
    },
    creatableCommands: (orderBy = 'Name') =>
      request(CreatableCommandListSchema, `${base}/lookup/commands/creatable-as-process`, {
        searchParams: { $orderby: orderBy },
      }),
    createProcess: (commandId, body, options = {}) =>
      request(ProcessSchema, `${base}/command/create-process`, {
        method: 'POST',
        json: body,
        searchParams: { originatingCommandId: commandId, mode: options.mode ?? 1 },
        headers: idempotencyHeaders(options.idempotencyKey),
      }),
    process: async (id, options = {}) =>
      request(ProcessSchema, `${base}/process/${idPath(id)}`, readOptions(options)),
    resetProcess: (id) => post(ProcessSchema, `${base}/process/${idPath(id)}/reset/hard`),
    step: async (id, options = {}) =>
      request(StepOpeningSchema, `${base}/steps/${idPath(id)}`, readOptions(options)),
    run: (id, previous) => post(StepResultSchema, step(id, 'action/run'), previous ?? null),
    answerPrompt: (id, PromptResult) => post(StepResultSchema, step(id, 'prompt/action'), { PromptResult }),
    pickListData: (id) => post(PickListDataSchema, step(id, 'pick-list/data')),
    completePickListMulti: (id, SelectedItems) =>
      post(StepResultSchema, step(id, 'action/complete/pick-list/multi'), { SelectedItems }),
    completePickListSingle: (id, SelectedItem) =>
      post(StepResultSchema, step(id, 'action/complete/pick-list/single'), { SelectedItem }),
    completeReportDocument: (id) => post(StepResultSchema, step(id, 'action/complete/report-document')),
    completeDetailPage: (id, page) =>
      post(StepResultSchema, step(id, 'action/complete/detail-page'), {
        QueryString: page.QueryString,
        CurrentPageUrl: page.CurrentPageUrl,
      }),
    resetStep: (id) => post(StepResultSchema, step(id, 'reset/hard')),
    resetStepChain: (id) => post(StepResultSchema, step(id, 'chain/reset/hard')),
  };
}
