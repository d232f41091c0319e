import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../apps/mock-server/src/server';
import { HttpStatusError } from '../src/errors';
import { createV1Client, type V1Client } from '../src/v1/client';
import { createCookieFetch } from './cookie-fetch';

let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-client-processes-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(userName: 'operator' | 'supervisor' = 'operator'): Promise<V1Client> {
  const jar = createCookieFetch();
  const v1 = createV1Client({ baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf });
  await v1.session.logon({ Database: 'demo', UserName: userName, Password: 'demo' });
  return v1;
}

async function failure(promise: Promise<unknown>): Promise<HttpStatusError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(HttpStatusError);
      return error as HttpStatusError;
    },
  );
}

describe('processes api against the real server', () => {
  it('runs the Interaction tour to the end; every answer parses with the wire schemas', async () => {
    const v1 = await signedIn();
    const commands = await v1.processes.creatableCommands('Name');
    const command = commands.find((c) => c.Name === 'Interaction tour');
    expect(command).toMatchObject({ StepCount: 9, Start: true, OpenFlow: false, AskName: false });

    const tour = await v1.processes.createProcess(command?.Id ?? 0, {
      Name: 'Client tour',
      ParentUrl: '/',
      Properties: { Variables: [{ Name: 'From', Value: 'client-api' }] },
      PropertyBag: JSON.stringify({ Variables: [{ Name: 'From', Value: 'client-api' }] }),
    });
    const ids = tour.AllSteps.map((s) => s.Id);
    expect(ids).toHaveLength(9);

    // 1: confirm no cancels, yes proceeds.
    const confirm = await v1.processes.run(ids[0] ?? 0, null);
    expect(confirm.ConfirmRequired).toBe(true);
    const no = await v1.processes.run(ids[0] ?? 0, { ...confirm, Confirmed: true, ConfirmResult: false });
    expect(no.CancelProceed).toBe(true);
    expect(no.ToastMessage).toBeTruthy();
    const again = await v1.processes.run(ids[0] ?? 0, null);
    const yes = await v1.processes.run(ids[0] ?? 0, { ...again, Confirmed: true, ConfirmResult: true });
    expect(yes.ProceedToStepId).toBe(ids[1]);

    // 2: the prompt, an empty answer refused, then answered through prompt/action.
    const prompt = await v1.processes.run(ids[1] ?? 0, null);
    expect(prompt.PromptSuggestion).toBe('My first tour');
    expect((await failure(v1.processes.answerPrompt(ids[1] ?? 0, ''))).status).toBe(400);
    expect((await v1.processes.answerPrompt(ids[1] ?? 0, 'Client tour')).ProceedToStepId).toBe(ids[2]);

    // 3: the dialog.
    expect(await v1.processes.step(ids[2] ?? 0)).toMatchObject({
      StepKind: 'action',
      UrlToOpenTarget: '_dialog',
    });
    expect(await v1.processes.run(ids[2] ?? 0, null)).toMatchObject({
      UrlToOpen: '/help/processes',
      IsCompletion: true,
    });

    // 4, 5: the pick lists.
    const multi = await v1.processes.pickListData(ids[3] ?? 0);
    const picked = await v1.processes.completePickListMulti(
      ids[3] ?? 0,
      multi.Items.slice(0, 2).map((i) => i.Id),
    );
    expect(picked.ProceedToStepId).toBe(ids[4]);
    const single = await v1.processes.pickListData(ids[4] ?? 0);
    expect(single.IsMulti).toBe(false);
    const lead = single.Items[0]?.Id ?? '';
    expect((await v1.processes.completePickListSingle(ids[4] ?? 0, lead)).ProceedToStepId).toBe(ids[5]);

    // 6: the report.
    const report = await v1.processes.completeReportDocument(ids[5] ?? 0);
    expect(report.IsCompletion).toBe(true);
    expect(report.UrlToOpen).toContain(`/steps/${ids[5]}/report-document`);

    // 7: the detail page, refused without the required data.
    const opening = await v1.processes.step(ids[6] ?? 0);
    expect(opening.RequiredData).toEqual(['UGoToItemNo']);
    const url = opening.UrlToOpen ?? '';
    expect(url).toContain(`UGoToItemNo=${lead}`);
    const missing = await failure(
      v1.processes.completeDetailPage(ids[6] ?? 0, {
        QueryString: 'WebTemplateNo=102',
        CurrentPageUrl: '/form',
      }),
    );
    expect(missing.body?.Code).toBe('REQUIRED_DATA_MISSING');
    const detail = await v1.processes.completeDetailPage(ids[6] ?? 0, {
      QueryString: url.split('?')[1] ?? '',
      CurrentPageUrl: url,
    });
    expect(detail.IsCompleted).toBe(true);

    // 8, 9: completion confirm and completion prompt.
    const cc = await v1.processes.run(ids[7] ?? 0, null);
    expect(cc.CompletionConfirmRequired).toBe(true);
    const ccYes = await v1.processes.run(ids[7] ?? 0, {
      ...cc,
      CompletionConfirmed: true,
      CompletionConfirmResult: true,
    });
    expect(ccYes.ProceedToStepId).toBe(ids[8]);
    const cp = await v1.processes.run(ids[8] ?? 0, null);
    const done = await v1.processes.run(ids[8] ?? 0, {
      ...cp,
      CompletionPrompted: true,
      CompletionPromptResult: 'Fine',
    });
    expect(done.IsCompleted).toBe(true);

    const finished = await v1.processes.process(tour.Id);
    expect(finished.State).toBe('completed');
    expect(finished.AllSteps.every((s) => s.State === 'completed')).toBe(true);
    const list = await v1.processes.list({ orderBy: 'Id desc', top: 5 });
    expect(list.Items[0]).toMatchObject({ Id: tour.Id, State: 'completed', CurrentStepName: null });
  });

  it('resets a step, a chain and a process, and reports the errors of the contract', async () => {
    const v1 = await signedIn();
    const command = (await v1.processes.creatableCommands()).find((c) => c.Name === 'Interaction tour');
    const tour = await v1.processes.createProcess(command?.Id ?? 0, {}, { mode: 1 });
    const [first, second] = tour.AllSteps;
    const asked = await v1.processes.run(first?.Id ?? 0, null);
    await v1.processes.run(first?.Id ?? 0, { ...asked, Confirmed: true, ConfirmResult: true });

    expect((await v1.processes.resetStep(first?.Id ?? 0)).ToastMessage).toBe('The step has been reset');
    expect((await v1.processes.resetStepChain(first?.Id ?? 0)).ToastMessage).toBe(
      'The step chain has been reset',
    );
    const reset = await v1.processes.resetProcess(tour.Id);
    expect(reset.AllSteps.map((s) => s.State)).toEqual(['active', ...Array(8).fill('waiting')]);

    const outOfOrder = await failure(v1.processes.run(second?.Id ?? 0, null));
    expect(outOfOrder).toMatchObject({ status: 409 });
    expect(outOfOrder.body?.Code).toBe('OUT_OF_ORDER');
    const unknown = await failure(v1.processes.run(987_654_321, null));
    expect(unknown.status).toBe(404);
    expect(unknown.serverMessage).toBe('Unknown user process step.');
    const badOrder = await failure(v1.processes.list({ orderBy: 'Secret' }));
    expect(badOrder.status).toBe(400);
    const noCommand = await failure(v1.processes.createProcess(0, {}));
    expect(noCommand.serverMessage).toBe('Unable to create, start or open a process without a command id');
  });
});
