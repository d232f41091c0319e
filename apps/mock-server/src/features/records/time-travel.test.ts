import { ApiErrorBodySchema, PickerSearchResultSchema, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  type TestClient,
  type TestServer,
} from '../../testing/harness';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());
const iso = (ms: number) => new Date(ms).toISOString();

/** A supplier created now, renamed a minute later; answers its id and both instants. */
async function renamedSupplier(first: string, second: string) {
  const created = RecordSchema.parse(
    await (
      await supervisor.json('POST', 'api/v1/forms/102/records', {
        Values: { Name: first, Status: 'Approved', InternalNotes: 'secret then' },
      })
    ).json(),
  );
  const createdAt = server.clock.now();
  server.clock.advance(60_000);
  const renamed = await supervisor.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
    Version: 1,
    Values: { Name: second, InternalNotes: 'secret now' },
  });
  expect(renamed.status).toBe(200);
  const renamedAt = server.clock.now();
  server.clock.advance(60_000);
  return { id: created.Id, createdAt, renamedAt };
}

describe('reading at a timepoint', () => {
  it('accepts the spec minute form: a change at 09:30:12 is not yet there at 09:30', async () => {
    // Move the clock to 12 s past a minute, so the minute form names an instant before the change.
    const now = server.clock.now();
    server.clock.advance(60_000 - (now % 60_000) + 12_000);
    const { id, createdAt } = await renamedSupplier('Minute Form Ltd', 'Minute Form Renamed');
    const minute = new Date(createdAt - 12_000);
    const text = `${minute.toISOString().slice(0, 10)} ${minute.toISOString().slice(11, 16)}`;
    const before = await supervisor.fetch(
      `api/v1/forms/102/records/${id}?Timepoint=${encodeURIComponent(text)}`,
    );
    expect(before.status).toBe(404);
    const next = new Date(createdAt + 48_000);
    const after = `${next.toISOString().slice(0, 10)} ${next.toISOString().slice(11, 16)}`;
    const read = RecordSchema.parse(
      await (
        await supervisor.fetch(`api/v1/forms/102/records/${id}?Timepoint=${encodeURIComponent(after)}`)
      ).json(),
    );
    expect(read.Values.Name).toBe('Minute Form Ltd');
  });

  it('answers 400 VALIDATION naming Timepoint for a malformed one, on every business read', async () => {
    for (const path of [
      'api/v1/forms/102/records/1?Timepoint=yesterday',
      'api/v1/forms/101/search?Timepoint=2026-02-30%2010:00',
      'api/v1/pickers/suppliers?text=a&Timepoint=2026-03-01T10:00:00%2B01:00',
    ]) {
      const response = await supervisor.fetch(path);
      expect(response.status, path).toBe(400);
      const body = await errorBody(response);
      expect(body.Code).toBe('VALIDATION');
      expect(body.Message).toContain('Timepoint');
      expect(body.Issues?.[0]?.path).toEqual(['Timepoint']);
    }
    const header = await supervisor.fetch('api/v1/forms/102/records/1', {
      headers: { 'x-procedo-timepoint': 'soon' },
    });
    expect(header.status).toBe(400);
  });

  it('shows a deleted record as it was before its deletion, and deleted after it', async () => {
    const { id, renamedAt } = await renamedSupplier('Deleted Later Ltd', 'Deleted Later Renamed');
    const deleted = await supervisor.json('DELETE', `api/v1/forms/102/records/${id}`, { Version: 2 });
    expect(deleted.status).toBe(200);
    const deletedAt = server.clock.now();
    const then = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${id}?Timepoint=${iso(renamedAt)}`)).json(),
    );
    expect(then).toMatchObject({ Version: 2, IsDeleted: false });
    const gone = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${id}?Timepoint=${iso(deletedAt)}`)).json(),
    );
    expect(gone).toMatchObject({ Version: 3, IsDeleted: true });
  });

  it('lists the versions there were at a timepoint, and never a later version', async () => {
    const { id, createdAt } = await renamedSupplier('Versions Then Ltd', 'Versions Now Ltd');
    const list = (await (
      await supervisor.fetch(`api/v1/forms/102/records/${id}/versions?Timepoint=${iso(createdAt)}`)
    ).json()) as { Items: { Version: number }[] };
    expect(list.Items.map((v) => v.Version)).toEqual([1]);
    const later = await supervisor.fetch(
      `api/v1/forms/102/records/${id}?version=2&Timepoint=${iso(createdAt)}`,
    );
    expect(later.status).toBe(404);
  });

  it('keeps hidden values hidden at a timepoint', async () => {
    const { id, createdAt } = await renamedSupplier('Hidden Then Ltd', 'Hidden Now Ltd');
    const read = RecordSchema.parse(
      await (await operator.fetch(`api/v1/forms/102/records/${id}?Timepoint=${iso(createdAt)}`)).json(),
    );
    expect(read.Values.Name).toBe('Hidden Then Ltd');
    expect(read.Values).not.toHaveProperty('InternalNotes');
  });

  it('offers picker choices by their titles then', async () => {
    const { createdAt } = await renamedSupplier('Pickable Original', 'Pickable Renamed');
    const now = PickerSearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/pickers/suppliers?text=Pickable')).json(),
    );
    expect(now.Items.map((i) => i.Text)).toEqual(['Pickable Renamed']);
    const then = PickerSearchResultSchema.parse(
      await (
        await supervisor.fetch(`api/v1/pickers/suppliers?text=Pickable&Timepoint=${iso(createdAt)}`)
      ).json(),
    );
    expect(then.Items.map((i) => i.Text)).toEqual(['Pickable Original']);
  });

  it('reads a record at a timepoint through the callback too (X-Procedo-Timepoint)', async () => {
    const { id, createdAt } = await renamedSupplier('Callback Then Ltd', 'Callback Now Ltd');
    const answer = await readResponse(
      await supervisor.callback(
        command({ CommandType: 'Web.Data.XmlOfId', DataId: `102:${id}`, ReturnType: 'Json' }),
        { headers: { 'x-procedo-timepoint': iso(createdAt) } },
      ),
    );
    expect(answer.status).toBe('OK');
    expect(JSON.parse(answer.resultXml!.replace(/&quot;/g, '"')).Values.Name).toBe('Callback Then Ltd');
  });
});

describe('writing at a timepoint', () => {
  it('refuses every write with 409 READ_ONLY_TIMEPOINT, by query or header, and changes nothing', async () => {
    const { id, createdAt } = await renamedSupplier('Read Only Ltd', 'Read Only Renamed');
    const at = iso(createdAt);
    const attempts: [string, string, unknown, Record<string, string>][] = [
      ['PUT', `api/v1/forms/102/records/${id}?Timepoint=${at}`, { Version: 2, Values: { Country: 'X' } }, {}],
      [
        'PUT',
        `api/v1/forms/102/records/${id}`,
        { Version: 2, Values: { Country: 'X' } },
        { 'x-procedo-timepoint': at },
      ],
      ['DELETE', `api/v1/forms/102/records/${id}`, { Version: 2 }, { 'x-procedo-timepoint': at }],
      [
        'POST',
        'api/v1/forms/102/records',
        { Values: { Name: 'Nope Ltd', Status: 'Approved' } },
        { 'x-procedo-timepoint': at },
      ],
      ['POST', 'api/v1/user/system/user-processes/process/1/reset/hard', null, { 'x-procedo-timepoint': at }],
    ];
    for (const [method, path, body, headers] of attempts) {
      const response = await supervisor.fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': supervisor.cookies.get('procedo_csrf')!,
          ...headers,
        },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(409);
      expect((await errorBody(response)).Code).toBe('READ_ONLY_TIMEPOINT');
    }
    const current = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${id}`)).json(),
    );
    expect(current).toMatchObject({ Version: 2, Values: { Name: 'Read Only Renamed' } });
    expect(current.Values).not.toHaveProperty('Country', 'X');
  });

  it('refuses callback commands that change data at a timepoint, and still answers reads', async () => {
    const at = { 'x-procedo-timepoint': iso(server.clock.now()) };
    const tab = await readResponse(
      await supervisor.callback(
        command({
          CommandType: 'wtoElementExecCommand',
          CommandName: 'Tab.Select',
          SrcElementID: '102:Quality',
        }),
        { headers: at },
      ),
    );
    expect(tab.http).toBe(409);
    expect(tab.message).toMatch(/past time: nothing can be changed/);
    const keepAlive = await readResponse(
      await supervisor.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' }), {
        headers: at,
      }),
    );
    expect(keepAlive.status).toBe('OK');
  });

  it('still lets the session be kept alive and ended while viewing a timepoint', async () => {
    const at = { 'x-procedo-timepoint': iso(server.clock.now()) };
    const keepAlive = await supervisor.fetch('api/v1/session/keep-alive', {
      method: 'POST',
      headers: { 'x-csrf-token': supervisor.cookies.get('procedo_csrf')!, ...at },
    });
    expect(keepAlive.status).toBe(200);
  });
});
