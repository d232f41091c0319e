import {
  ApiErrorBodySchema,
  CreatableCommandListSchema,
  PickListDataSchema,
  type Process,
  ProcessListSchema,
  ProcessSchema,
  StepOpeningSchema,
  type StepResult,
  StepResultSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { INTERACTION_TOUR, TOUR_CANCEL_TOAST } from '../../db/seed-processes';
import { startSignedInServer, TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

const BASE = 'api/v1/user/system/user-processes';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

/** A call that must succeed: its status and its body parsed with the wire schema. */
async function ok<S extends z.core.$ZodType>(
  schema: S,
  response: Promise<Response>,
  status = 200,
): Promise<z.output<S>> {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return z.parse(schema, JSON.parse(text));
}

/** A call that must fail: its status and `{ Message, Code }`. */
async function fails(response: Promise<Response>, status: number) {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return ApiErrorBodySchema.parse(JSON.parse(text));
}

const step = (client: TestClient, id: number, tail: string, body: unknown = {}) =>
  client.json('POST', `${BASE}/steps/${id}/${tail}`, body);
const run = (client: TestClient, id: number, body: unknown) =>
  ok(StepResultSchema, step(client, id, 'action/run', body));
const getProcess = (client: TestClient, id: number) =>
  ok(ProcessSchema, client.fetch(`${BASE}/process/${id}`));

async function commandId(name: string, client = supervisor): Promise<number> {
  const commands = await ok(
    CreatableCommandListSchema,
    client.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=Name`),
  );
  const command = commands.find((c) => c.Name === name);
  if (!command) throw new Error(`no command ${name}`);
  return command.Id;
}

async function create(name: string, client = supervisor, body: unknown = {}, mode = 1): Promise<Process> {
  return ok(
    ProcessSchema,
    client.json(
      'POST',
      `${BASE}/command/create-process?originatingCommandId=${await commandId(name, client)}&mode=${mode}`,
      body,
    ),
    201,
  );
}

const dbRows = <T>(statement: string, ...params: unknown[]): Promise<T[]> =>
  withServerSql(server, (sql) => sql.all<T>(statement, params));
const historyCount = async (processId: number) =>
  (await dbRows<{ n: number }>('SELECT count(*) AS n FROM process_events WHERE process_id = ?', processId))[0]
    ?.n ?? 0;

const stateOf = (process: Process) => process.AllSteps.map((s) => s.State);

/** Every field of spec §3's step result, present (null allowed) in the raw JSON. */
const SPEC_FIELDS =
  'ProceedToStepId ToastMessage AlertMessage CancelProceed StepName IsCompleted ProcessId ParentProcessId StepId Hint BreadCrumbHtml Script Confirmed ConfirmRequired ConfirmMessage ConfirmResult Prompted PromptRequired PromptMessage PromptSuggestion PromptResult IsCompletion UrlToOpen UrlToOpenTarget AppRootUrl CompletionConfirmRequired CompletionConfirmed CompletionConfirmResult CompletionPromptRequired CompletionPrompted CompletionPromptMessage CompletionPromptSuggestion CompletionPromptResult ActionState ActionStateBag'.split(
    ' ',
  );

/** Runs the tour's first three steps (confirm yes, prompt, dialog URL). */
async function throughDialog(tour: Process) {
  const [s1, s2, s3] = tour.AllSteps;
  const asked = await run(supervisor, s1!.Id, null);
  await run(supervisor, s1!.Id, { ...asked, Confirmed: true, ConfirmResult: true });
  const prompt = await run(supervisor, s2!.Id, null);
  const answer = { ...prompt, Prompted: true, PromptResult: 'Tour A' };
  await run(supervisor, s2!.Id, answer);
  await run(supervisor, s3!.Id, null);
  return { promptAnswer: answer };
}

describe('the Interaction tour through the API', () => {
  it('runs every kind of step in order, to a completed process', async () => {
    const commands = await ok(
      CreatableCommandListSchema,
      supervisor.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=Name`),
    );
    expect(commands.map((c) => c.Name)).toEqual(
      [...commands.map((c) => c.Name)].sort((a, b) => a.localeCompare(b)),
    );
    const tourCommand = commands.find((c) => c.Name === INTERACTION_TOUR);
    expect(tourCommand).toMatchObject({ StepCount: 9, Start: true, OpenFlow: false });

    const tour = await create(INTERACTION_TOUR, supervisor, {
      Name: 'My tour',
      ParentUrl: '/',
      Properties: { Variables: [{ Name: 'Origin', Value: 'test' }] },
      PropertyBag: JSON.stringify({ Variables: [{ Name: 'Origin', Value: 'test' }] }),
    });
    expect(tour).toMatchObject({
      Name: 'My tour',
      State: 'open',
      ParentUrl: '/',
      CommandName: INTERACTION_TOUR,
    });
    expect(tour.Variables).toEqual([{ Name: 'Origin', Value: 'test' }]);
    expect(tour.AllSteps.map((s) => s.StepKind)).toEqual([
      'action',
      'action',
      'action',
      'pick-list-multi',
      'pick-list-single',
      'report-document',
      'detail-page',
      'completion-confirm',
      'completion-prompt',
    ]);
    expect(stateOf(tour)).toEqual(['active', ...Array(8).fill('waiting')]);
    expect(tour.CurrentStepId).toBe(tour.AllSteps[0]!.Id);
    const ids = tour.AllSteps.map((s) => s.Id);

    // 1: confirm. Every §3 field is in the raw answer.
    const raw = await (await step(supervisor, ids[0]!, 'action/run', null)).json();
    for (const field of SPEC_FIELDS) expect(raw, field).toHaveProperty(field);
    const confirm = StepResultSchema.parse(raw);
    expect(confirm).toMatchObject({
      ConfirmRequired: true,
      Confirmed: false,
      ConfirmMessage: 'Do you want to start the interaction tour?',
      ProceedToStepId: null,
      IsCompleted: false,
      AppRootUrl: '/',
    });
    expect(confirm.BreadCrumbHtml).toContain('My tour');
    // No cancels: the run stops, the step stays active, with the toast.
    const no = await run(supervisor, ids[0]!, { ...confirm, Confirmed: true, ConfirmResult: false });
    expect(no).toMatchObject({ CancelProceed: true, ToastMessage: TOUR_CANCEL_TOAST, ProceedToStepId: null });
    expect(stateOf(await getProcess(supervisor, tour.Id))[0]).toBe('active');
    // Yes (flags as '1') proceeds to step 2.
    const again = await run(supervisor, ids[0]!, null);
    expect(again.Confirmed).toBe(false);
    const yes = await run(supervisor, ids[0]!, { ...again, Confirmed: '1', ConfirmResult: '1' });
    expect(yes).toMatchObject({ ProceedToStepId: ids[1], CancelProceed: false, IsCompleted: false });

    // 2: prompt with a suggestion; an empty answer does not proceed.
    const prompt = await run(supervisor, ids[1]!, null);
    expect(prompt).toMatchObject({
      PromptRequired: true,
      Prompted: false,
      PromptMessage: 'What should this tour be called?',
      PromptSuggestion: 'My first tour',
    });
    const empty = await fails(
      step(supervisor, ids[1]!, 'action/run', { ...prompt, Prompted: true, PromptResult: '  ' }),
      400,
    );
    expect(empty.Issues?.[0]?.path).toEqual(['PromptResult']);
    expect(stateOf(await getProcess(supervisor, tour.Id))[1]).toBe('active');
    // A prompted flag of '0' is no answer: the question again.
    const notPrompted = await run(supervisor, ids[1]!, { ...prompt, Prompted: '0', PromptResult: 'x' });
    expect(notPrompted).toMatchObject({
      PromptRequired: true,
      Prompted: false,
      ActionState: prompt.ActionState,
    });
    const named = await run(supervisor, ids[1]!, { ...prompt, Prompted: true, PromptResult: 'Tour A' });
    expect(named).toMatchObject({ ProceedToStepId: ids[2], PromptResult: 'Tour A' });

    // 3: opens the help page in a dialog and completes.
    const dialog = await run(supervisor, ids[2]!, null);
    expect(dialog).toMatchObject({
      UrlToOpen: '/help/processes',
      UrlToOpenTarget: '_dialog',
      IsCompletion: true,
      ProceedToStepId: null,
      IsCompleted: false,
    });

    // 4: pick-list multi, rows from the suppliers.
    const multi = await ok(PickListDataSchema, step(supervisor, ids[3]!, 'pick-list/data'));
    expect(multi.IsMulti).toBe(true);
    expect(multi.Items.length).toBeGreaterThan(2);
    const suppliers = await dbRows<{ record_id: number; title: string }>(
      "SELECT record_id, title FROM records WHERE entity = 'supplier' AND record_id = ?",
      Number(multi.Items[0]!.Id),
    );
    expect(suppliers[0]?.title).toBe(multi.Items[0]!.Text);
    const runPick = await run(supervisor, ids[3]!, null);
    expect(runPick).toMatchObject({ UrlToOpen: null, IsCompletion: false, IsCompleted: false });
    const chosen = [multi.Items[0]!.Id, multi.Items[2]!.Id];
    const picked = await ok(
      StepResultSchema,
      step(supervisor, ids[3]!, 'action/complete/pick-list/multi', { SelectedItems: chosen }),
    );
    expect(picked.ProceedToStepId).toBe(ids[4]);

    // 5: pick-list single.
    const single = await ok(PickListDataSchema, step(supervisor, ids[4]!, 'pick-list/data'));
    expect(single.IsMulti).toBe(false);
    const lead = single.Items[1]!;
    const one = await ok(
      StepResultSchema,
      step(supervisor, ids[4]!, 'action/complete/pick-list/single', { SelectedItem: lead.Id }),
    );
    expect(one.ProceedToStepId).toBe(ids[5]);

    // 6: report document.
    const report = await ok(StepResultSchema, step(supervisor, ids[5]!, 'action/complete/report-document'));
    expect(report).toMatchObject({
      IsCompletion: true,
      UrlToOpen: `/api/v1/user/system/user-processes/steps/${ids[5]}/report-document`,
    });
    const doc = await supervisor.fetch(report.UrlToOpen!.slice(1));
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toMatch(/^text\/html/);
    expect(doc.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const html = await doc.text();
    expect(html).toContain('Interaction tour report');
    expect(html).toContain('Tour A');
    expect(html).toContain(lead.Text.replace(/&/g, '&amp;'));

    // 7: detail page on the chosen supplier, required data first missing, then present.
    const opening = await ok(StepOpeningSchema, supervisor.fetch(`${BASE}/steps/${ids[6]}`));
    expect(opening).toMatchObject({
      StepKind: 'detail-page',
      RequiredData: ['UGoToItemNo'],
      UrlToOpenTarget: '_self',
    });
    expect(opening.UrlToOpen).toBe(`/form?WebTemplateNo=102&UGoToItemNo=${lead.Id}&a_step_id=${ids[6]}`);
    const page = await run(supervisor, ids[6]!, null);
    expect(page).toMatchObject({ UrlToOpen: opening.UrlToOpen, IsCompletion: false });
    const missing = await fails(
      step(supervisor, ids[6]!, 'action/complete/detail-page', {
        QueryString: `WebTemplateNo=102&UGoToItemNo=&a_step_id=${ids[6]}`,
        CurrentPageUrl: '/form?WebTemplateNo=102',
      }),
      400,
    );
    expect(missing.Code).toBe('REQUIRED_DATA_MISSING');
    expect(missing.Message).toContain('UGoToItemNo');
    expect(stateOf(await getProcess(supervisor, tour.Id))[6]).toBe('active');
    const query = `WebTemplateNo=102&UGoToItemNo=${lead.Id}&a_step_id=${ids[6]}`;
    const detail = await ok(
      StepResultSchema,
      step(supervisor, ids[6]!, 'action/complete/detail-page', {
        QueryString: `?${query}`,
        CurrentPageUrl: `/form?${query}`,
      }),
    );
    expect(detail).toMatchObject({ IsCompleted: true, ProceedToStepId: null });

    // 8: completion confirm; no keeps it open, yes proceeds.
    const cc = await run(supervisor, ids[7]!, null);
    expect(cc).toMatchObject({
      CompletionConfirmRequired: true,
      CompletionConfirmed: false,
      ConfirmRequired: false,
      // No CompletionConfirmMessage in spec §3: the question is in ConfirmMessage.
      ConfirmMessage: 'Have you seen every kind of step?',
    });
    const ccNo = await run(supervisor, ids[7]!, {
      ...cc,
      CompletionConfirmed: true,
      CompletionConfirmResult: false,
    });
    expect(ccNo.CancelProceed).toBe(true);
    const cc2 = await run(supervisor, ids[7]!, null);
    const ccYes = await run(supervisor, ids[7]!, {
      ...cc2,
      CompletionConfirmed: true,
      CompletionConfirmResult: true,
    });
    expect(ccYes.ProceedToStepId).toBe(ids[8]);

    // 9: completion prompt; empty does not complete; an answer completes the process.
    const cp = await run(supervisor, ids[8]!, null);
    expect(cp).toMatchObject({
      CompletionPromptRequired: true,
      CompletionPromptSuggestion: 'Clear and quick',
    });
    await fails(
      step(supervisor, ids[8]!, 'action/run', {
        ...cp,
        CompletionPrompted: true,
        CompletionPromptResult: '',
      }),
      400,
    );
    const done = await run(supervisor, ids[8]!, {
      ...cp,
      CompletionPrompted: true,
      CompletionPromptResult: 'Great',
    });
    expect(done).toMatchObject({ IsCompleted: true, ProceedToStepId: null });

    const finished = await getProcess(supervisor, tour.Id);
    expect(finished).toMatchObject({ State: 'completed', CurrentStepId: null });
    expect(finished.CompletedAtUtc).not.toBeNull();
    expect(stateOf(finished)).toEqual(Array(9).fill('completed'));
    expect(finished.AllSteps.every((s) => s.CompletedBy === 'supervisor')).toBe(true);
    expect(finished.Variables).toEqual(
      expect.arrayContaining([
        { Name: 'Origin', Value: 'test' },
        { Name: 'TourName', Value: 'Tour A' },
        { Name: 'ReviewSuppliers', Value: chosen.join(',') },
        { Name: 'LeadSupplier', Value: lead.Id },
        { Name: 'Feedback', Value: 'Great' },
      ]),
    );
    expect(finished.History[0]).toMatchObject({ Kind: 'process-completed', By: 'supervisor', StepId: null });
    expect(finished.History.some((e) => e.Kind === 'run-cancelled' && e.StepId === ids[0])).toBe(true);
    // A step of a completed process cannot run: 409, "This part of the process has ended."
    const ended = await fails(step(supervisor, ids[1]!, 'action/run', null), 409);
    expect(ended).toMatchObject({ Code: 'OUT_OF_ORDER', Message: 'This part of the process has ended.' });
  });

  it('with mode 0 creates the process with no active step; the first run starts it', async () => {
    const tour = await create(INTERACTION_TOUR, supervisor, {}, 0);
    expect(tour.CurrentStepId).toBeNull();
    expect(stateOf(tour)).toEqual(Array(9).fill('waiting'));
    expect(tour.Name).toBe(INTERACTION_TOUR);
    await fails(step(supervisor, tour.AllSteps[1]!.Id, 'action/run', null), 409);
    const first = await run(supervisor, tour.AllSteps[0]!.Id, null);
    expect(first.ConfirmRequired).toBe(true);
    expect((await getProcess(supervisor, tour.Id)).CurrentStepId).toBe(tour.AllSteps[0]!.Id);
  });

  it('answers with the same body twice have one effect: the same result, no more history', async () => {
    const tour = await create(INTERACTION_TOUR);
    const [s1, s2] = tour.AllSteps;
    const asked = await run(supervisor, s1!.Id, null);
    const answer = { ...asked, Confirmed: true, ConfirmResult: true };
    const first = await run(supervisor, s1!.Id, answer);
    const events = await historyCount(tour.Id);
    const second = await run(supervisor, s1!.Id, answer);
    expect(second).toEqual(first);
    expect(await historyCount(tour.Id)).toBe(events);
    expect((await getProcess(supervisor, tour.Id)).CurrentStepId).toBe(s2!.Id);

    // The prompt answered twice through prompt/action.
    const a = await ok(StepResultSchema, step(supervisor, s2!.Id, 'prompt/action', { PromptResult: 'Once' }));
    const afterPrompt = await historyCount(tour.Id);
    const b = await ok(StepResultSchema, step(supervisor, s2!.Id, 'prompt/action', { PromptResult: 'Once' }));
    expect(b).toEqual(a);
    expect(await historyCount(tour.Id)).toBe(afterPrompt);
    // A different answer once the prompt is answered is out of order.
    await fails(step(supervisor, s2!.Id, 'prompt/action', { PromptResult: 'Twice' }), 409);

    // A pick list completed twice with the same selection.
    await run(supervisor, tour.AllSteps[2]!.Id, null);
    const data = await ok(PickListDataSchema, step(supervisor, tour.AllSteps[3]!.Id, 'pick-list/data'));
    const pick = { SelectedItems: [data.Items[0]!.Id] };
    const p1 = await ok(
      StepResultSchema,
      step(supervisor, tour.AllSteps[3]!.Id, 'action/complete/pick-list/multi', pick),
    );
    const afterPick = await historyCount(tour.Id);
    const p2 = await ok(
      StepResultSchema,
      step(supervisor, tour.AllSteps[3]!.Id, 'action/complete/pick-list/multi', pick),
    );
    expect(p2).toEqual(p1);
    expect(await historyCount(tour.Id)).toBe(afterPick);
    const picked = await dbRows<{ n: number }>(
      "SELECT count(*) AS n FROM process_events WHERE step_id = ? AND kind = 'items-picked'",
      tour.AllSteps[3]!.Id,
    );
    expect(picked[0]?.n).toBe(1);
  });

  it('refuses out-of-order calls with 409 and leaves the process as it was', async () => {
    const tour = await create(INTERACTION_TOUR);
    const ids = tour.AllSteps.map((s) => s.Id);
    const before = await getProcess(supervisor, tour.Id);
    const events = await historyCount(tour.Id);
    // A step that is not active.
    expect(
      (
        await fails(
          step(supervisor, ids[3]!, 'action/complete/pick-list/multi', { SelectedItems: ['1'] }),
          409,
        )
      ).Code,
    ).toBe('OUT_OF_ORDER');
    expect((await fails(step(supervisor, ids[2]!, 'action/run', null), 409)).Code).toBe('OUT_OF_ORDER');
    // The wrong kind of call for the active step.
    await fails(step(supervisor, ids[0]!, 'action/complete/report-document'), 409);
    await fails(step(supervisor, ids[0]!, 'action/complete/pick-list/single', { SelectedItem: '1' }), 409);
    await fails(step(supervisor, ids[0]!, 'pick-list/data'), 409);
    await fails(step(supervisor, ids[0]!, 'prompt/action', { PromptResult: 'x' }), 409);
    await fails(
      step(supervisor, ids[0]!, 'action/complete/detail-page', { QueryString: '', CurrentPageUrl: '/' }),
      409,
    );
    // A stale ActionState.
    const asked = await run(supervisor, ids[0]!, null);
    await run(supervisor, ids[0]!, { ...asked, Confirmed: true, ConfirmResult: false });
    const stale = await fails(
      step(supervisor, ids[0]!, 'action/run', { ...asked, Confirmed: true, ConfirmResult: true }),
      409,
    );
    expect(stale.Code).toBe('OUT_OF_ORDER');
    const after = await getProcess(supervisor, tour.Id);
    expect(stateOf(after)).toEqual(stateOf(before));
    expect(after.CurrentStepId).toBe(before.CurrentStepId);
    // Only the accepted "no" wrote history (its answer and the cancel).
    expect(await historyCount(tour.Id)).toBe(events + 2);
  });

  it('validates pick-list selections against the rows offered', async () => {
    const tour = await create(INTERACTION_TOUR);
    await throughDialog(tour);
    const id = tour.AllSteps[3]!.Id;
    const data = await ok(PickListDataSchema, step(supervisor, id, 'pick-list/data'));
    const outside = (
      await dbRows<{ record_id: number }>(
        "SELECT record_id FROM records WHERE entity = 'supplier' ORDER BY search_key DESC LIMIT 1",
      )
    )[0]!.record_id;
    expect(data.Items.map((i) => i.Id)).not.toContain(String(outside));
    const unknown = await fails(
      step(supervisor, id, 'action/complete/pick-list/multi', {
        SelectedItems: [data.Items[0]!.Id, String(outside)],
      }),
      400,
    );
    expect(unknown.Issues?.[0]?.path).toEqual(['SelectedItems', 1]);
    await fails(
      step(supervisor, id, 'action/complete/pick-list/multi', {
        SelectedItems: [data.Items[0]!.Id, data.Items[0]!.Id],
      }),
      400,
    );
    await fails(step(supervisor, id, 'action/complete/pick-list/multi', { SelectedItems: [] }), 400);
    await fails(
      step(supervisor, id, 'action/complete/pick-list/multi', { SelectedItems: ['1'], Extra: 1 }),
      400,
    );
    expect(stateOf(await getProcess(supervisor, tour.Id))[3]).toBe('active');
  });

  it('answers an unknown step and an unknown process with 404', async () => {
    const unknown = await fails(step(supervisor, 99_999_999, 'action/run', null), 404);
    expect(unknown).toMatchObject({ Code: 'UNKNOWN_STEP', Message: 'Unknown user process step.' });
    expect((await fails(supervisor.fetch(`${BASE}/steps/abc`), 404)).Message).toBe(
      'Unknown user process step.',
    );
    expect((await fails(supervisor.fetch(`${BASE}/steps/0`), 404)).Code).toBe('UNKNOWN_STEP');
    expect((await fails(supervisor.fetch(`${BASE}/process/99999999`), 404)).Code).toBe('UNKNOWN_PROCESS');
    await fails(supervisor.fetch(`${BASE}/steps/1/report-document`), 404);
  });
});

describe('resets', () => {
  it('resets a step: it is active again, answers forgotten; the active step goes back to waiting', async () => {
    const tour = await create(INTERACTION_TOUR);
    await throughDialog(tour);
    const ids = tour.AllSteps.map((s) => s.Id);
    const result = await ok(StepResultSchema, step(supervisor, ids[1]!, 'reset/hard'));
    expect(result).toMatchObject({
      StepId: ids[1],
      ToastMessage: 'The step has been reset',
      Prompted: false,
      PromptResult: null,
    });
    const process = await getProcess(supervisor, tour.Id);
    expect(stateOf(process).slice(0, 4)).toEqual(['completed', 'active', 'completed', 'waiting']);
    expect(process.CurrentStepId).toBe(ids[1]);
    expect(process.Variables.find((v) => v.Name === 'TourName')).toBeUndefined();
    expect(process.History[0]).toMatchObject({ Kind: 'step-reset', StepId: ids[1] });
    // Completing it again goes on at the first waiting step after it.
    const prompt = await run(supervisor, ids[1]!, null);
    const next = await run(supervisor, ids[1]!, { ...prompt, Prompted: true, PromptResult: 'Tour B' });
    expect(next.ProceedToStepId).toBe(ids[3]);
  });

  it('resets a step chain: the step active, every later step waiting', async () => {
    const tour = await create(INTERACTION_TOUR);
    const { promptAnswer } = await throughDialog(tour);
    const ids = tour.AllSteps.map((s) => s.Id);
    const result = await ok(StepResultSchema, step(supervisor, ids[1]!, 'chain/reset/hard'));
    expect(result.ToastMessage).toBe('The step chain has been reset');
    const process = await getProcess(supervisor, tour.Id);
    expect(stateOf(process)).toEqual(['completed', 'active', ...Array(7).fill('waiting')]);
    const prompt = await run(supervisor, ids[1]!, null);
    const next = await run(supervisor, ids[1]!, { ...prompt, Prompted: true, PromptResult: 'Tour C' });
    expect(next.ProceedToStepId).toBe(ids[2]);
    // The answer given before the reset is stale now, even sent again as it was.
    expect((await fails(step(supervisor, ids[1]!, 'action/run', promptAnswer), 409)).Code).toBe(
      'OUT_OF_ORDER',
    );
  });

  it('resets a process: every step waiting, the first active, the process open again', async () => {
    const tour = await create(INTERACTION_TOUR);
    await throughDialog(tour);
    const reset = await ok(
      ProcessSchema,
      supervisor.json('POST', `${BASE}/process/${tour.Id}/reset/hard`, {}),
    );
    expect(reset).toMatchObject({ State: 'open', CurrentStepId: tour.AllSteps[0]!.Id });
    expect(stateOf(reset)).toEqual(['active', ...Array(8).fill('waiting')]);
    expect(reset.History[0]).toMatchObject({ Kind: 'process-reset', Detail: 'The process has been reset' });
    expect((await run(supervisor, tour.AllSteps[0]!.Id, null)).Confirmed).toBe(false);
  });

  it('accepts a JSON null body, as generic clients send it, on every call without a body', async () => {
    const tour = await create(INTERACTION_TOUR);
    await throughDialog(tour);
    const [s1, s2] = tour.AllSteps;
    await ok(StepResultSchema, step(supervisor, s2!.Id, 'reset/hard', null));
    await ok(StepResultSchema, step(supervisor, s1!.Id, 'chain/reset/hard', null));
    const reset = await ok(
      ProcessSchema,
      supervisor.json('POST', `${BASE}/process/${tour.Id}/reset/hard`, null),
    );
    expect(stateOf(reset)).toEqual(['active', ...Array(8).fill('waiting')]);
    // Anything else is still refused.
    const refused = await fails(step(supervisor, s1!.Id, 'reset/hard', { Force: true }), 400);
    expect(refused.Code).toBe('VALIDATION');
  });
});

describe('the list and the lookup', () => {
  it('lists processes a page at a time, sorted on known columns only', async () => {
    await create(INTERACTION_TOUR, supervisor, { Name: 'Alpha listing' });
    await create(INTERACTION_TOUR, supervisor, { Name: 'Zulu listing' });
    const page = await ok(ProcessListSchema, supervisor.fetch(`${BASE}?$orderby=Name%20desc&$top=2&$skip=0`));
    expect(page.Items).toHaveLength(2);
    expect(page.Total).toBeGreaterThanOrEqual(2);
    expect(page.Items[0]!.Name.localeCompare(page.Items[1]!.Name)).toBeGreaterThanOrEqual(0);
    const byDate = await ok(ProcessListSchema, supervisor.fetch(BASE));
    expect(byDate.Items[0]!.Name).toBe('Zulu listing');
    expect(byDate.Items[0]!.CurrentStepName).toBe('Confirm the start');

    const bad = await fails(supervisor.fetch(`${BASE}?$orderby=password_hash`), 400);
    expect(bad).toMatchObject({ Code: 'VALIDATION' });
    expect(bad.Message).toContain('$orderby');
    expect(bad.Message).toContain('CreatedAtUtc');
    await fails(supervisor.fetch(`${BASE}?$orderby=Name;DROP TABLE processes`), 400);
    await fails(supervisor.fetch(`${BASE}?$orderby=Name%20sideways`), 400);
    await fails(supervisor.fetch(`${BASE}?$top=500`), 400);
    await fails(supervisor.fetch(`${BASE}?unknown=1`), 400);
    await fails(supervisor.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=Description`), 400);
    const bySteps = await ok(
      CreatableCommandListSchema,
      supervisor.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=StepCount%20desc`),
    );
    expect(bySteps[0]!.Name).toBe(INTERACTION_TOUR);
  });

  it('refuses to create without a usable command id', async () => {
    for (const query of [
      '',
      '?originatingCommandId=',
      '?originatingCommandId=abc',
      '?originatingCommandId=99999',
    ]) {
      const error = await fails(supervisor.json('POST', `${BASE}/command/create-process${query}`, {}), 400);
      expect(error).toMatchObject({
        Code: 'COMMAND_ID_MISSING',
        Message: 'Unable to create, start or open a process without a command id',
      });
    }
    const id = await commandId(INTERACTION_TOUR);
    await fails(
      supervisor.json('POST', `${BASE}/command/create-process?originatingCommandId=${id}&mode=2`, {}),
      400,
    );
    await fails(
      supervisor.json('POST', `${BASE}/command/create-process?originatingCommandId=${id}`, { Nmae: 'typo' }),
      400,
    );
    await fails(
      supervisor.json('POST', `${BASE}/command/create-process?originatingCommandId=${id}`, {
        PropertyBag: '{not json',
      }),
      400,
    );
    await fails(
      supervisor.json('POST', `${BASE}/command/create-process?originatingCommandId=${id}`, {
        ParentUrl: 'javascript:alert(1)',
      }),
      400,
    );
  });

  it('needs a session, and the CSRF header on POST', async () => {
    const anonymous = new TestClient(() => server.url);
    expect((await fails(anonymous.fetch(BASE), 401)).Code).toBe('NOT_LOGGED_ON');
    const tour = await create(INTERACTION_TOUR);
    const csrf = await fails(
      supervisor.json('POST', `${BASE}/steps/${tour.AllSteps[0]!.Id}/action/run`, null, { csrf: false }),
      403,
    );
    expect(csrf.Code).toBe('CSRF');
  });
});

describe('repeated page and report completions', () => {
  it('produce one effect: the same result, one history entry, one completion', async () => {
    const tour = await create(INTERACTION_TOUR);
    const ids = tour.AllSteps.map((s) => s.Id);
    await throughDialog(tour);
    const multi = await ok(PickListDataSchema, step(supervisor, ids[3]!, 'pick-list/data'));
    await ok(
      StepResultSchema,
      step(supervisor, ids[3]!, 'action/complete/pick-list/multi', { SelectedItems: [multi.Items[0]!.Id] }),
    );
    const single = await ok(PickListDataSchema, step(supervisor, ids[4]!, 'pick-list/data'));
    await ok(
      StepResultSchema,
      step(supervisor, ids[4]!, 'action/complete/pick-list/single', { SelectedItem: single.Items[0]!.Id }),
    );

    const r1 = await ok(StepResultSchema, step(supervisor, ids[5]!, 'action/complete/report-document'));
    const r2 = await ok(StepResultSchema, step(supervisor, ids[5]!, 'action/complete/report-document'));
    expect(r2).toEqual(r1);
    const page = {
      QueryString: `UGoToItemNo=${single.Items[0]!.Id}`,
      CurrentPageUrl: '/form?WebTemplateNo=102',
    };
    const d1 = await ok(StepResultSchema, step(supervisor, ids[6]!, 'action/complete/detail-page', page));
    const d2 = await ok(StepResultSchema, step(supervisor, ids[6]!, 'action/complete/detail-page', page));
    expect(d2).toEqual(d1);
    // Another page post for the completed step is out of order.
    await fails(
      step(supervisor, ids[6]!, 'action/complete/detail-page', { ...page, QueryString: 'UGoToItemNo=1' }),
      409,
    );
    const kinds = await dbRows<{ kind: string; n: number }>(
      "SELECT kind, count(*) AS n FROM process_events WHERE process_id = ? AND kind IN ('document-produced', 'page-completed', 'step-completed') GROUP BY kind",
      tour.Id,
    );
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toEqual({
      'document-produced': 1,
      'page-completed': 1,
      'step-completed': 7,
    });
    expect((await getProcess(supervisor, tour.Id)).CurrentStepId).toBe(ids[7]);
  });
});

describe('history', () => {
  it('is append-only in the database', async () => {
    const tour = await create(INTERACTION_TOUR);
    await withServerSql(server, async (sql) => {
      await expect(
        sql.run("UPDATE process_events SET kind = 'x' WHERE process_id = ?", [tour.Id]),
      ).rejects.toThrow(/append-only/);
      await expect(sql.run('DELETE FROM process_events WHERE process_id = ?', [tour.Id])).rejects.toThrow(
        /append-only/,
      );
    });
    expect((await getProcess(supervisor, tour.Id)).History).toEqual([
      expect.objectContaining({ Kind: 'process-created', By: 'supervisor', StepId: null }),
    ]);
  });
});

describe('who sees what', () => {
  it("keeps a supervisor's process from an operator (404, as if unknown); the supervisor sees the operator's", async () => {
    const mine = await create(INTERACTION_TOUR, supervisor, { Name: 'Supervisor only' });
    const s1 = mine.AllSteps[0]!.Id;
    expect((await fails(operator.fetch(`${BASE}/process/${mine.Id}`), 404)).Code).toBe('UNKNOWN_PROCESS');
    expect((await fails(operator.fetch(`${BASE}/steps/${s1}`), 404)).Code).toBe('UNKNOWN_STEP');
    await fails(step(operator, s1, 'action/run', null), 404);
    await fails(step(operator, s1, 'reset/hard'), 404);
    await fails(operator.json('POST', `${BASE}/process/${mine.Id}/reset/hard`, {}), 404);
    const list = await ok(ProcessListSchema, operator.fetch(`${BASE}?$top=200`));
    expect(list.Items.some((p) => p.Id === mine.Id)).toBe(false);

    const theirs = await create(INTERACTION_TOUR, operator, { Name: 'Operator tour' });
    const seen = await ok(ProcessListSchema, operator.fetch(`${BASE}?$top=200`));
    expect(seen.Items.every((p) => p.CreatedBy === 'operator')).toBe(true);
    expect((await getProcess(supervisor, theirs.Id)).CreatedBy).toBe('operator');
    const all = await ok(ProcessListSchema, supervisor.fetch(`${BASE}?$top=200`));
    expect(all.Items.some((p) => p.Id === theirs.Id)).toBe(true);
  });
});

describe('business processes', () => {
  it('a CAPA sub-process started by Deviation handling completes the parent step when it completes', async () => {
    const deviation = await create('Deviation handling', operator);
    const ids = deviation.AllSteps.map((s) => s.Id);
    const data = await ok(PickListDataSchema, step(operator, ids[0]!, 'pick-list/data'));
    await ok(
      StepResultSchema,
      step(operator, ids[0]!, 'action/complete/pick-list/single', { SelectedItem: data.Items[0]!.Id }),
    );
    const review = await run(operator, ids[1]!, null);
    expect(review.UrlToOpen).toBe(
      `/form?WebTemplateNo=103&UGoToItemNo=${data.Items[0]!.Id}&a_step_id=${ids[1]}`,
    );
    await ok(
      StepResultSchema,
      step(operator, ids[1]!, 'action/complete/detail-page', {
        QueryString: review.UrlToOpen!.split('?')[1],
        CurrentPageUrl: review.UrlToOpen,
      }),
    );
    const cause = await run(operator, ids[2]!, null);
    await run(operator, ids[2]!, { ...cause, Prompted: true, PromptResult: 'Seal failure' });
    const decision = await run(operator, ids[3]!, null);
    const yes = await run(operator, ids[3]!, { ...decision, Confirmed: true, ConfirmResult: true });
    expect(yes.ProceedToStepId).toBe(ids[4]);

    const started = await run(operator, ids[4]!, null);
    const parent = await getProcess(operator, deviation.Id);
    const childId = parent.AllSteps[4]!.SubProcessId!;
    expect(childId).toBeGreaterThan(0);
    expect(started.UrlToOpen).toBe(`/apps/flow/home/flow?id=${childId}`);
    expect(parent.SubProcesses).toEqual([expect.objectContaining({ Id: childId, State: 'open' })]);
    // Running it again does not start a second CAPA.
    expect((await run(operator, ids[4]!, null)).UrlToOpen).toBe(started.UrlToOpen);
    expect((await getProcess(operator, deviation.Id)).SubProcesses).toHaveLength(1);

    const capa = await getProcess(operator, childId);
    expect(capa).toMatchObject({ ParentProcessId: deviation.Id, CommandName: 'CAPA' });
    const [c1, c2, c3] = capa.AllSteps;
    const a1 = await run(operator, c1!.Id, null);
    await run(operator, c1!.Id, { ...a1, Prompted: true, PromptResult: 'Replace seal' });
    await ok(
      StepResultSchema,
      step(operator, c2!.Id, 'prompt/action', { PromptResult: 'Inspect seals weekly' }),
    );
    const check = await run(operator, c3!.Id, null);
    expect(check.ParentProcessId).toBe(deviation.Id);
    const done = await run(operator, c3!.Id, {
      ...check,
      CompletionConfirmed: true,
      CompletionConfirmResult: true,
    });
    expect(done.IsCompleted).toBe(true);

    const after = await getProcess(operator, deviation.Id);
    expect(after.AllSteps[4]!.State).toBe('completed');
    expect(after.CurrentStepId).toBe(ids[5]);
    expect(after.History.some((e) => e.Kind === 'sub-process-completed')).toBe(true);

    // Resetting the sub-process step resets the CAPA too (the link is kept, no second CAPA).
    await ok(StepResultSchema, step(operator, ids[4]!, 'reset/hard'));
    const capaReset = await getProcess(operator, childId);
    expect(capaReset).toMatchObject({ State: 'open', CurrentStepId: c1!.Id });
    expect(stateOf(capaReset)).toEqual(['active', 'waiting', 'waiting']);
    expect((await run(operator, ids[4]!, null)).UrlToOpen).toBe(started.UrlToOpen);
    // Resetting the whole process resets its sub-processes.
    await ok(StepResultSchema, step(operator, c1!.Id, 'prompt/action', { PromptResult: 'Again' }));
    const reset = await ok(
      ProcessSchema,
      operator.json('POST', `${BASE}/process/${deviation.Id}/reset/hard`, {}),
    );
    expect(stateOf(reset)[0]).toBe('active');
    expect(stateOf(await getProcess(operator, childId))).toEqual(['active', 'waiting', 'waiting']);
  });

  it('a CAPA decision of no skips the sub-process step', async () => {
    const deviation = await create('Deviation handling', operator);
    const ids = deviation.AllSteps.map((s) => s.Id);
    const data = await ok(PickListDataSchema, step(operator, ids[0]!, 'pick-list/data'));
    await ok(
      StepResultSchema,
      step(operator, ids[0]!, 'action/complete/pick-list/single', { SelectedItem: data.Items[0]!.Id }),
    );
    await ok(
      StepResultSchema,
      step(operator, ids[1]!, 'action/complete/detail-page', {
        QueryString: `UGoToItemNo=${data.Items[0]!.Id}`,
        CurrentPageUrl: '/form',
      }),
    );
    await ok(StepResultSchema, step(operator, ids[2]!, 'prompt/action', { PromptResult: 'Operator error' }));
    const decision = await run(operator, ids[3]!, null);
    const no = await run(operator, ids[3]!, { ...decision, Confirmed: true, ConfirmResult: false });
    expect(no.ProceedToStepId).toBe(ids[5]);
    expect(stateOf(await getProcess(operator, deviation.Id)).slice(3, 6)).toEqual([
      'completed',
      'skipped',
      'active',
    ]);
  });

  it('a form step completes when the form page posts the saved record', async () => {
    const onboarding = await create('Supplier onboarding', operator, { Name: 'Onboard Zeta' });
    const ids = onboarding.AllSteps.map((s) => s.Id);
    const asked = await run(operator, ids[0]!, null);
    await run(operator, ids[0]!, { ...asked, Confirmed: true, ConfirmResult: true });
    const form = await run(operator, ids[1]!, null);
    expect(form).toMatchObject({
      UrlToOpen: `/form?WebTemplateNo=102&a_step_id=${ids[1]}`,
      UrlToOpenTarget: '_self',
    });
    await fails(
      step(operator, ids[1]!, 'action/complete/detail-page', {
        QueryString: `WebTemplateNo=102&a_step_id=${ids[1]}`,
        CurrentPageUrl: '/form?WebTemplateNo=102',
      }),
      400,
    );
    await fails(
      step(operator, ids[1]!, 'action/complete/detail-page', {
        QueryString: 'WebTemplateNo=102&UGoToItemNo=5&a_step_id=1',
        CurrentPageUrl: '/form',
      }),
      400,
    );
    const saved = await ok(
      StepResultSchema,
      step(operator, ids[1]!, 'action/complete/detail-page', {
        QueryString: `WebTemplateNo=102&UGoToItemNo=17&a_step_id=${ids[1]}`,
        CurrentPageUrl: `/form?WebTemplateNo=102&UGoToItemNo=17&a_step_id=${ids[1]}`,
      }),
    );
    expect(saved.IsCompleted).toBe(true);
    expect((await getProcess(operator, onboarding.Id)).CurrentStepId).toBe(ids[2]);
  });

  it('escapes process data in the report document', async () => {
    const tour = await create(INTERACTION_TOUR, supervisor, { Name: '<script>alert(1)</script>' });
    const [s1, s2, s3] = tour.AllSteps;
    const asked = await run(supervisor, s1!.Id, null);
    await run(supervisor, s1!.Id, { ...asked, Confirmed: true, ConfirmResult: true });
    await ok(
      StepResultSchema,
      step(supervisor, s2!.Id, 'prompt/action', { PromptResult: '<img src=x onerror=alert(1)>' }),
    );
    await run(supervisor, s3!.Id, null);
    for (const s of [tour.AllSteps[3]!, tour.AllSteps[4]!]) {
      const data = await ok(PickListDataSchema, step(supervisor, s.Id, 'pick-list/data'));
      const body =
        s.StepKind === 'pick-list-multi'
          ? { SelectedItems: [data.Items[0]!.Id] }
          : { SelectedItem: data.Items[0]!.Id };
      await ok(
        StepResultSchema,
        step(supervisor, s.Id, `action/complete/${s.StepKind.replace('pick-list-', 'pick-list/')}`, body),
      );
    }
    const report: StepResult = await ok(
      StepResultSchema,
      step(supervisor, tour.AllSteps[5]!.Id, 'action/complete/report-document'),
    );
    const html = await (await supervisor.fetch(report.UrlToOpen!.slice(1))).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The breadcrumb escapes the name too.
    expect(report.BreadCrumbHtml).not.toContain('<script>');
  });
});
