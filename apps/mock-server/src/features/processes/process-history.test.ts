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
import { INTERACTION_TOUR } from '../../db/seed-processes';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

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

async function fails(response: Promise<Response>, status: number) {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return ApiErrorBodySchema.parse(JSON.parse(text));
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (ms: number) => `Timepoint=${encodeURIComponent(iso(ms))}`;
const step = (client: TestClient, id: number, tail: string, body: unknown = {}) =>
  client.json('POST', `${BASE}/steps/${id}/${tail}`, body);
const run = (client: TestClient, id: number, body: unknown) =>
  ok(StepResultSchema, step(client, id, 'action/run', body));
const processAt = (client: TestClient, id: number, ms: number) =>
  ok(ProcessSchema, client.fetch(`${BASE}/process/${id}?${at(ms)}`));
const now = (client: TestClient, id: number) => ok(ProcessSchema, client.fetch(`${BASE}/process/${id}`));
const states = (process: Process) => process.AllSteps.map((s) => s.State);

async function create(name: string, client = supervisor, body: unknown = {}): Promise<Process> {
  const commands = await ok(
    CreatableCommandListSchema,
    client.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=Name`),
  );
  const id = commands.find((c) => c.Name === name)?.Id;
  return ok(
    ProcessSchema,
    client.json('POST', `${BASE}/command/create-process?originatingCommandId=${id}&mode=1`, body),
    201,
  );
}

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

/** Answers every question a CAPA step asks (prompts with `text`, the completion confirm yes). */
async function complete(client: TestClient, stepId: number, text: string): Promise<StepResult> {
  let result = await run(client, stepId, null);
  if (result.PromptRequired && !result.Prompted) {
    result = await run(client, stepId, { ...result, Prompted: true, PromptResult: text });
  }
  if (result.CompletionConfirmRequired && !result.CompletionConfirmed) {
    result = await run(client, stepId, {
      ...result,
      CompletionConfirmed: true,
      CompletionConfirmResult: true,
    });
  }
  return result;
}

describe('a process at a timepoint', () => {
  it('shows the process, its steps, its step openings, variables and history as they were, step by step', async () => {
    const t0 = server.clock.now();
    const capa = await create('CAPA', operator, { Name: 'Seal CAPA' });
    const [c1, c2, c3] = capa.AllSteps.map((s) => s.Id);
    server.clock.advance(60_000);
    const t1 = server.clock.now();
    await complete(operator, c1!, 'Replace seal');
    server.clock.advance(60_000);
    const t2 = server.clock.now();
    await complete(operator, c2!, 'Inspect weekly');
    server.clock.advance(60_000);
    const t3 = server.clock.now();
    await complete(operator, c3!, '');
    server.clock.advance(60_000);

    // A process not created yet at T is 404 NOT_FOUND_AT_TIMEPOINT (and so is its step).
    const before = await fails(operator.fetch(`${BASE}/process/${capa.Id}?${at(t0 - 1)}`), 404);
    expect(before.Code).toBe('NOT_FOUND_AT_TIMEPOINT');
    expect((await fails(operator.fetch(`${BASE}/steps/${c1}?${at(t0 - 1)}`), 404)).Code).toBe(
      'NOT_FOUND_AT_TIMEPOINT',
    );
    // The same instant through the header alone.
    const viaHeader = await operator.fetch(`${BASE}/process/${capa.Id}`, {
      headers: { 'x-procedo-timepoint': iso(t0 - 1) },
    });
    expect(viaHeader.status).toBe(404);

    const created = await processAt(operator, capa.Id, t0);
    expect(created).toMatchObject({ State: 'open', CurrentStepId: c1, CompletedAtUtc: null });
    expect(states(created)).toEqual(['active', 'waiting', 'waiting']);
    expect(created.History.map((e) => e.Kind)).toEqual(['process-created']);
    expect(created.Variables.some((v) => v.Name === 'CorrectiveAction')).toBe(false);
    // Just before the first step's run: nothing changed yet.
    expect(await processAt(operator, capa.Id, t1 - 1)).toEqual(created);

    const first = await processAt(operator, capa.Id, t1);
    expect(states(first)).toEqual(['completed', 'active', 'waiting']);
    expect(first.CurrentStepId).toBe(c2);
    expect(first.AllSteps[0]).toMatchObject({ CompletedAtUtc: iso(t1), CompletedBy: 'operator' });
    expect(first.Variables).toContainEqual({ Name: 'CorrectiveAction', Value: 'Replace seal' });
    expect(first.History.every((e) => e.At <= iso(t1))).toBe(true);
    expect(first.History[0]!.Kind).toBe('step-completed');

    const second = await processAt(operator, capa.Id, t2 + 30_000);
    expect(states(second)).toEqual(['completed', 'completed', 'active']);
    // A step run after T shows as not yet run, in the step opening too.
    const opening = await ok(StepOpeningSchema, operator.fetch(`${BASE}/steps/${c3}?${at(t2)}`));
    expect(opening).toMatchObject({ State: 'active', ProcessState: 'open' });
    expect((await ok(StepOpeningSchema, operator.fetch(`${BASE}/steps/${c2}?${at(t1)}`))).State).toBe(
      'active',
    );

    const done = await processAt(operator, capa.Id, t3);
    expect(done).toMatchObject({ State: 'completed', CurrentStepId: null, CompletedAtUtc: iso(t3) });
    expect(states(done)).toEqual(['completed', 'completed', 'completed']);
    // Now and at the last change are the same process.
    expect(await now(operator, capa.Id)).toEqual(done);
  });

  it('answers 404 UNKNOWN_PROCESS for an unknown id, and for another user’s process at any timepoint', async () => {
    const t = server.clock.now();
    const mine = await create('CAPA', supervisor);
    server.clock.advance(1000);
    expect((await fails(supervisor.fetch(`${BASE}/process/999999?${at(t)}`), 404)).Code).toBe(
      'UNKNOWN_PROCESS',
    );
    for (const ms of [t - 1, t + 1000]) {
      const res = await fails(operator.fetch(`${BASE}/process/${mine.Id}?${at(ms)}`), 404);
      expect(res.Code).toBe('UNKNOWN_PROCESS');
    }
    expect((await fails(supervisor.fetch(`${BASE}/process/${mine.Id}?Timepoint=yesterday`), 400)).Code).toBe(
      'VALIDATION',
    );
  });

  it('lists the processes created by T, each in its state at T', async () => {
    const t0 = server.clock.now();
    server.clock.advance(1000);
    const early = await create('CAPA', operator, { Name: 'Listed early' });
    server.clock.advance(1000);
    const t1 = server.clock.now();
    server.clock.advance(1000);
    const late = await create('CAPA', operator, { Name: 'Listed late' });
    for (const s of early.AllSteps) await complete(operator, s.Id, 'done');
    server.clock.advance(1000);

    const list = (query: string) => ok(ProcessListSchema, operator.fetch(`${BASE}?${query}`));
    const atT0 = await list(at(t0));
    expect(atT0.Items.map((p) => p.Id)).not.toContain(early.Id);
    const atT1 = await list(at(t1));
    const ids = atT1.Items.map((p) => p.Id);
    expect(ids).toContain(early.Id);
    expect(ids).not.toContain(late.Id);
    expect(atT1.Items.find((p) => p.Id === early.Id)).toMatchObject({
      State: 'open',
      CurrentStepId: early.AllSteps[0]!.Id,
      CurrentStepName: 'Corrective action',
    });
    expect(atT1.Total).toBe(atT0.Total + 1);
    // The state filter and the State sort read the state at T, not now.
    expect((await list(`state=completed&${at(t1)}`)).Items.map((p) => p.Id)).not.toContain(early.Id);
    expect((await list('state=completed')).Items.map((p) => p.Id)).toContain(early.Id);
    const byState = await list(`$orderby=State&$top=200&${at(t1)}`);
    expect(byState.Items.find((p) => p.Id === early.Id)?.State).toBe('open');
  });

  it('shows the sub-processes that existed at T, and a sub-process started later is 404 NOT_FOUND_AT_TIMEPOINT', async () => {
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
        CurrentPageUrl: `/form?WebTemplateNo=103&UGoToItemNo=${data.Items[0]!.Id}&a_step_id=${ids[1]}`,
      }),
    );
    await complete(operator, ids[2]!, 'Seal failure');
    const decision = await run(operator, ids[3]!, null);
    await run(operator, ids[3]!, { ...decision, Confirmed: true, ConfirmResult: true });
    server.clock.advance(60_000);
    const before = server.clock.now();
    server.clock.advance(60_000);
    await run(operator, ids[4]!, null);
    const started = server.clock.now();
    server.clock.advance(60_000);
    const childId = (await now(operator, deviation.Id)).AllSteps[4]!.SubProcessId!;

    const then = await processAt(operator, deviation.Id, before);
    expect(then.SubProcesses).toEqual([]);
    expect(then.AllSteps[4]).toMatchObject({ State: 'active', SubProcessId: null });
    const missing = await fails(operator.fetch(`${BASE}/process/${childId}?${at(before)}`), 404);
    expect(missing.Code).toBe('NOT_FOUND_AT_TIMEPOINT');
    const later = await processAt(operator, deviation.Id, started);
    expect(later.SubProcesses).toEqual([expect.objectContaining({ Id: childId, State: 'open' })]);
    expect(later.AllSteps[4]!.SubProcessId).toBe(childId);
    expect((await processAt(operator, childId, started)).ParentProcessId).toBe(deviation.Id);
  });

  it('serves the report document a step had produced by T, and 404 before it was produced', async () => {
    const tour = await create(INTERACTION_TOUR, supervisor, { Name: 'Report at T' });
    const [s1, s2, s3] = tour.AllSteps;
    const asked = await run(supervisor, s1!.Id, null);
    await run(supervisor, s1!.Id, { ...asked, Confirmed: true, ConfirmResult: true });
    await ok(StepResultSchema, step(supervisor, s2!.Id, 'prompt/action', { PromptResult: 'First name' }));
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
    server.clock.advance(1000);
    const beforeReport = server.clock.now();
    server.clock.advance(1000);
    const report = await ok(
      StepResultSchema,
      step(supervisor, tour.AllSteps[5]!.Id, 'action/complete/report-document'),
    );
    const produced = server.clock.now();
    const url = report.UrlToOpen!.slice(1);
    server.clock.advance(1000);
    const first = await (await supervisor.fetch(`${url}?${at(produced)}`)).text();
    expect(first).toContain('First name');
    const missing = await fails(supervisor.fetch(`${url}?${at(beforeReport)}`), 404);
    expect(missing.Code).toBe('NOT_FOUND');

    // A new report replaces the stored one; the first stays readable at its time.
    await ok(ProcessSchema, supervisor.json('POST', `${BASE}/process/${tour.Id}/reset/hard`, {}));
    const again = await run(supervisor, s1!.Id, null);
    await run(supervisor, s1!.Id, { ...again, Confirmed: true, ConfirmResult: true });
    await ok(StepResultSchema, step(supervisor, s2!.Id, 'prompt/action', { PromptResult: 'Second name' }));
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
    await ok(StepResultSchema, step(supervisor, tour.AllSteps[5]!.Id, 'action/complete/report-document'));
    expect(await (await supervisor.fetch(url)).text()).toContain('Second name');
    expect(await (await supervisor.fetch(`${url}?${at(produced)}`)).text()).toContain('First name');
  });
});

describe('writes at a timepoint', () => {
  it('are refused 409 READ_ONLY_TIMEPOINT on every process call and change nothing', async () => {
    const capa = await create('CAPA', supervisor);
    const c1 = capa.AllSteps[0]!.Id;
    const t = iso(server.clock.now());
    server.clock.advance(1000);
    const kept = () => withDb((sql) => sql.get('SELECT count(*) AS n FROM process_states'));
    const before = { process: await now(supervisor, capa.Id), kept: await kept() };
    const commandId = capa.CommandId;
    const calls: [string, unknown][] = [
      [`${BASE}/command/create-process?originatingCommandId=${commandId}`, {}],
      [`${BASE}/process/${capa.Id}/reset/hard`, null],
      [`${BASE}/steps/${c1}/action/run`, null],
      [`${BASE}/steps/${c1}/prompt/action`, { PromptResult: 'x' }],
      [`${BASE}/steps/${c1}/reset/hard`, null],
      [`${BASE}/steps/${c1}/chain/reset/hard`, null],
      [`${BASE}/steps/${c1}/pick-list/data`, null],
    ];
    for (const [url, body] of calls) {
      const byQuery = await fails(
        supervisor.json(
          'POST',
          `${url}${url.includes('?') ? '&' : '?'}Timepoint=${encodeURIComponent(t)}`,
          body,
        ),
        409,
      );
      expect(byQuery.Code).toBe('READ_ONLY_TIMEPOINT');
      const res = await supervisor.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': supervisor.cookies.get('procedo_csrf')!,
          'x-procedo-timepoint': t,
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(409);
    }
    expect({ process: await now(supervisor, capa.Id), kept: await kept() }).toEqual(before);
  });
});

describe('the process history in the database', () => {
  it('is append-only: UPDATE, DELETE and a replacing INSERT of a kept state or document are refused', async () => {
    const capa = await create('CAPA', supervisor);
    await complete(supervisor, capa.AllSteps[0]!.Id, 'kept');
    await withDb(async (sql) => {
      const row = (await sql.get<{ id: number }>(
        'SELECT id FROM process_states WHERE process_id = ? ORDER BY id LIMIT 1',
        [capa.Id],
      ))!;
      const states = await sql.all('SELECT * FROM process_states WHERE process_id = ? ORDER BY id', [
        capa.Id,
      ]);
      const documents = await sql.all('SELECT * FROM process_document_versions ORDER BY id');
      expect(documents.length).toBeGreaterThan(0);
      await expect(
        sql.run("UPDATE process_states SET state = 'completed' WHERE id = ?", [row.id]),
      ).rejects.toThrow(/append-only/);
      await expect(sql.run('DELETE FROM process_states WHERE id = ?', [row.id])).rejects.toThrow(
        /append-only/,
      );
      // The engine's own way to replace a row with the same key.
      const replace =
        sql.engine === 'sqlite'
          ? `INSERT OR REPLACE INTO process_states (id, process_id, at_utc, state, steps_json)
             VALUES (?, ?, '2000-01-01T00:00:00.000Z', 'completed', '[]')`
          : `INSERT INTO process_states (id, process_id, at_utc, state, steps_json)
             VALUES (?, ?, '2000-01-01T00:00:00.000Z', 'completed', '[]')
             ON CONFLICT (id) DO UPDATE SET process_id = excluded.process_id, at_utc = excluded.at_utc,
               state = excluded.state, steps_json = excluded.steps_json`;
      await expect(sql.run(replace, [row.id, capa.Id])).rejects.toThrow(/append-only/);
      await expect(sql.run('DELETE FROM process_document_versions')).rejects.toThrow(/append-only/);
      expect(
        await sql.all('SELECT * FROM process_states WHERE process_id = ? ORDER BY id', [capa.Id]),
      ).toEqual(states);
      expect(await sql.all('SELECT * FROM process_document_versions ORDER BY id')).toEqual(documents);
    });
  });
});
