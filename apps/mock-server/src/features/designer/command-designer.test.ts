import {
  ApiErrorBodySchema,
  type CommandDefinition,
  CreatableCommandListSchema,
  type Process,
  ProcessListSchema,
  ProcessSchema,
  StepResultSchema,
} from '@procedo/client-api';
import {
  CommandDiffSchema,
  DefinitionConflictBodySchema,
  DefinitionVersionListSchema,
  DesignerCommandListSchema,
  DesignerCommandSchema,
  PublishedCommandVersionSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

const PROCESSES = 'api/v1/user/system/user-processes';
const COMMANDS = 'api/v1/designer/commands';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let capaId: number;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const list = DesignerCommandListSchema.parse(await (await supervisor.fetch(COMMANDS)).json());
  const capa = list.Items.find((item) => item.Name === 'CAPA');
  if (!capa) throw new Error('the CAPA command is seeded');
  capaId = capa.CommandId;
});
afterAll(() => server.close());

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const iso = (ms: number) => new Date(ms).toISOString();
const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

async function current(id = capaId) {
  const response = await supervisor.fetch(`${COMMANDS}/${id}`);
  expect(response.status).toBe(200);
  return DesignerCommandSchema.parse(await response.json());
}

async function versionCount(id = capaId) {
  const response = await supervisor.fetch(`${COMMANDS}/${id}/versions`);
  return DefinitionVersionListSchema.parse(await response.json()).Items.length;
}

const publish = (body: Record<string, unknown>, id = capaId, client = supervisor) =>
  client.json('POST', `${COMMANDS}/${id}/versions`, body);

async function createCapa(): Promise<Process> {
  const response = await supervisor.json(
    'POST',
    `${PROCESSES}/command/create-process?originatingCommandId=${capaId}&mode=1`,
    {},
  );
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return ProcessSchema.parse(JSON.parse(text));
}

const runStep = async (id: number, body: unknown) => {
  const response = await supervisor.json('POST', `${PROCESSES}/steps/${id}/action/run`, body);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return StepResultSchema.parse(JSON.parse(text));
};

/** CAPA with a first step that asks what triggered it. */
const withTriggerStep = (command: CommandDefinition): CommandDefinition => ({
  ...command,
  Steps: [
    {
      name: 'Record the trigger',
      kind: 'action',
      hint: 'What started this CAPA',
      prompt: { message: 'What triggered this CAPA?', variable: 'Trigger' },
    },
    ...command.Steps,
  ],
});

describe('designer/commands', () => {
  it('keeps every seeded command as its version 1, in force since the epoch', async () => {
    const list = DesignerCommandListSchema.parse(await (await supervisor.fetch(COMMANDS)).json());
    expect(list.Items.length).toBeGreaterThanOrEqual(5);
    for (const item of list.Items) {
      expect(item).toMatchObject({ Version: 1, PublishedAt: '1970-01-01T00:00:00.000Z' });
    }
    const capa = await current();
    expect(capa.Command).toMatchObject({ Name: 'CAPA', OpenFlow: true, Start: false, AskName: true });
    expect(capa.Command.Steps.map((step) => step.name)).toEqual([
      'Corrective action',
      'Preventive action',
      'Effectiveness check',
    ]);
  });

  it('refuses the operator (no design role) on every call with 403 FORBIDDEN, and stores nothing', async () => {
    const base = await current();
    const calls: [string, string, unknown?][] = [
      ['GET', COMMANDS],
      ['GET', `${COMMANDS}/${capaId}`],
      ['GET', `${COMMANDS}/${capaId}/versions`],
      ['GET', `${COMMANDS}/${capaId}/versions/1`],
      ['GET', `${COMMANDS}/${capaId}/diff?from=1&to=1`],
      [
        'POST',
        `${COMMANDS}/${capaId}/versions`,
        { BaseVersion: base.Version, Command: withTriggerStep(base.Command), ChangeNote: 'Sneaky' },
      ],
    ];
    for (const [method, url, body] of calls) {
      const response = await operator.json(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect((await errorBody(response)).Code).toBe('FORBIDDEN');
    }
    expect(await versionCount()).toBe(base.Version);
  });

  it('refuses a publish without the CSRF token, and one made at a timepoint', async () => {
    const base = await current();
    const body = { BaseVersion: base.Version, Command: base.Command, ChangeNote: 'No token' };
    const noCsrf = await supervisor.json('POST', `${COMMANDS}/${capaId}/versions`, body, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await errorBody(noCsrf)).Code).toBe('CSRF');
    const atTimepoint = await supervisor.json(
      'POST',
      `${COMMANDS}/${capaId}/versions?Timepoint=${iso(server.clock.now())}`,
      body,
    );
    expect(atTimepoint.status).toBe(409);
    expect((await errorBody(atTimepoint)).Code).toBe('READ_ONLY_TIMEPOINT');
    expect(await versionCount()).toBe(base.Version);
  });

  it('refuses a draft that does not validate (400) with each issue at its step’s path, storing nothing', async () => {
    const base = await current();
    const [first, second] = base.Command.Steps;
    const draft = {
      ...base.Command,
      Steps: [
        first,
        // A form step needs the page it opens.
        { name: 'Fill the form', kind: 'form' },
        // A sub-process command that does not exist.
        { name: 'Run a child', kind: 'sub-process', subProcessCommand: 'No such command' },
        // A step name used twice.
        { ...second, name: first!.name },
        // An option the kind does not take.
        { name: 'Report', kind: 'report-document', url: '/help' },
      ],
    };
    const response = await publish({ BaseVersion: base.Version, Command: draft, ChangeNote: 'Broken' });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    const paths = (body.Issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['Command', 'Steps', 1, 'url'],
        ['Command', 'Steps', 3, 'name'],
        ['Command', 'Steps', 4, 'url'],
      ]),
    );
    // The schema's issues are answered first; the sub-process command is checked on a draft that parses.
    const unknownChild = await publish({
      BaseVersion: base.Version,
      Command: { ...base.Command, Steps: [...base.Command.Steps, draft.Steps[2]] },
      ChangeNote: 'Unknown child',
    });
    expect(unknownChild.status).toBe(400);
    const childBody = await errorBody(unknownChild);
    expect(childBody.Issues).toEqual([
      {
        code: 'custom',
        path: ['Command', 'Steps', 3, 'subProcessCommand'],
        message: 'No process command is named No such command',
      },
    ]);
    const renamed = await publish({
      BaseVersion: base.Version,
      Command: { ...base.Command, Name: 'Renamed CAPA' },
      ChangeNote: 'Rename',
    });
    expect(renamed.status).toBe(400);
    expect((await errorBody(renamed)).Issues?.[0]?.path).toEqual(['Command', 'Name']);
    expect(await versionCount()).toBe(base.Version);
  });

  it('publishes a new version: a process created after runs the new step, one created before keeps its old steps', async () => {
    const before = await createCapa();
    const base = await current();
    const response = await publish({
      BaseVersion: base.Version,
      Command: withTriggerStep(base.Command),
      ChangeNote: 'Ask for the trigger first',
    });
    expect(response.status).toBe(201);
    const published = PublishedCommandVersionSchema.parse(await response.json());
    expect(published).toMatchObject({ Version: base.Version + 1, PublishedBy: 'supervisor' });
    const after = await createCapa();

    const names = (process: Process) => process.AllSteps.map((step) => step.StepName);
    expect(names(after)).toEqual([
      'Record the trigger',
      'Corrective action',
      'Preventive action',
      'Effectiveness check',
    ]);
    expect(names(before)).toEqual(['Corrective action', 'Preventive action', 'Effectiveness check']);

    // The new process runs the new first step…
    const asked = await runStep(after.AllSteps[0]!.Id, null);
    expect(asked).toMatchObject({
      StepName: 'Record the trigger',
      PromptMessage: 'What triggered this CAPA?',
    });
    const answered = await runStep(after.AllSteps[0]!.Id, {
      ...asked,
      Prompted: true,
      PromptResult: 'Audit',
    });
    expect(answered.ProceedToStepId).toBe(after.AllSteps[1]!.Id);
    // …the old one still runs its own (reloaded, after the publish).
    const reloaded = ProcessSchema.parse(
      await (await supervisor.fetch(`${PROCESSES}/process/${before.Id}`)).json(),
    );
    expect(names(reloaded)).toEqual(names(before));
    const old = await runStep(before.AllSteps[0]!.Id, null);
    expect(old).toMatchObject({
      StepName: 'Corrective action',
      PromptMessage: 'Which corrective action is taken?',
    });
    const oldAnswered = await runStep(before.AllSteps[0]!.Id, {
      ...old,
      Prompted: true,
      PromptResult: 'Fix',
    });
    expect(oldAnswered.ProceedToStepId).toBe(before.AllSteps[1]!.Id);

    // The process list names each one's current step from its own version.
    const list = ProcessListSchema.parse(await (await supervisor.fetch(`${PROCESSES}?$top=100`)).json());
    const row = (id: number) => list.Items.find((item) => item.Id === id);
    expect(row(before.Id)?.CurrentStepName).toBe('Preventive action');
    expect(row(after.Id)?.CurrentStepName).toBe('Corrective action');

    // The creatable list is the current version.
    const creatable = CreatableCommandListSchema.parse(
      await (
        await supervisor.fetch(`${PROCESSES}/lookup/commands/creatable-as-process?$orderby=Name`)
      ).json(),
    );
    expect(creatable.find((command) => command.Id === capaId)?.StepCount).toBe(4);
    const pinned = await withDb((sql) =>
      sql.all<{ id: number; command_version: number }>(
        'SELECT id, command_version FROM processes WHERE id IN (?, ?) ORDER BY id',
        [before.Id, after.Id],
      ),
    );
    expect(pinned).toEqual([
      { id: before.Id, command_version: base.Version },
      { id: after.Id, command_version: base.Version + 1 },
    ]);

    // The audit trail, the versions themselves and their diff.
    const versions = DefinitionVersionListSchema.parse(
      await (await supervisor.fetch(`${COMMANDS}/${capaId}/versions`)).json(),
    );
    expect(versions.Items.map((item) => [item.Version, item.ChangeNote])).toEqual([
      [2, 'Ask for the trigger first'],
      [1, 'Seeded command'],
    ]);
    const v1 = DesignerCommandSchema.parse(
      await (await supervisor.fetch(`${COMMANDS}/${capaId}/versions/1`)).json(),
    );
    expect(v1.Command).toEqual(base.Command);
    expect((await current()).Command).toEqual(withTriggerStep(base.Command));
    const diff = CommandDiffSchema.parse(
      await (await supervisor.fetch(`${COMMANDS}/${capaId}/diff?from=1&to=2`)).json(),
    );
    expect(diff.Changes).toEqual([
      { Path: 'Record the trigger', Change: 'added', After: withTriggerStep(base.Command).Steps[0] },
    ]);
  });

  it('answers 409 CONFLICT with the current version to a publish on a stale base, storing nothing', async () => {
    const base = await current();
    const stale = await publish({
      BaseVersion: base.Version - 1,
      Command: base.Command,
      ChangeNote: 'Stale',
    });
    expect(stale.status).toBe(409);
    expect(DefinitionConflictBodySchema.parse(await stale.json())).toMatchObject({
      Code: 'CONFLICT',
      CurrentVersion: base.Version,
    });
    expect(await versionCount()).toBe(base.Version);
  });

  it('lets one of two designers publishing on the same base at once win; the other gets 409 CONFLICT', async () => {
    const base = await current();
    const hinted = (hint: string) => ({
      BaseVersion: base.Version,
      Command: {
        ...base.Command,
        Steps: base.Command.Steps.map((step, i) => (i === 0 ? { ...step, hint } : step)),
      },
      ChangeNote: hint,
    });
    const answers = await Promise.all([publish(hinted('Mine')), publish(hinted('Theirs'))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await versionCount()).toBe(base.Version + 1);
    const now = await current();
    const winner = now.ChangeNote;
    expect(['Mine', 'Theirs']).toContain(winner);
    expect(now.Command.Steps[0]?.hint).toBe(winner);
  });

  it('answers 404 for an unknown command or version', async () => {
    expect((await supervisor.fetch(`${COMMANDS}/9999`)).status).toBe(404);
    expect((await supervisor.fetch(`${COMMANDS}/${capaId}/versions/99`)).status).toBe(404);
    expect((await supervisor.fetch(`${COMMANDS}/9999/versions`)).status).toBe(404);
  });

  it('keeps the versions append-only: UPDATE, DELETE and an overwrite by key (INSERT OR REPLACE, upsert) are refused', async () => {
    await withDb(async (sql) => {
      const select = `SELECT * FROM process_command_versions WHERE command_id = ${capaId} AND version = 1`;
      const before = await sql.get(select);
      expect(before).toBeDefined();
      const row = `(command_id, version, json, published_at_utc, published_by, change_note)
         VALUES (${capaId}, 1, '{}', '2020-01-01T00:00:00.000Z', 'mallory', 'forged')`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      const overwrite =
        sql.engine === 'sqlite'
          ? `INSERT OR REPLACE INTO process_command_versions ${row}`
          : `INSERT INTO process_command_versions ${row}
         ON CONFLICT (command_id, version) DO UPDATE SET change_note = excluded.change_note`;
      for (const statement of [
        `UPDATE process_command_versions SET change_note = 'forged' WHERE command_id = ${capaId}`,
        `DELETE FROM process_command_versions WHERE command_id = ${capaId}`,
        overwrite,
      ]) {
        await expect(sql.run(statement), statement).rejects.toThrow(/append-only/);
      }
      expect(await sql.get(select)).toEqual(before);
    });
  });
});
