import {
  ApiErrorBodySchema,
  BookmarkListSchema,
  BookmarkStateSchema,
  RecordSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  TestClient,
  type TestServer,
} from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let certificateId: number;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const document = await supervisor.uploadFile('iso.pdf', '%PDF-1.4 iso');
  const created = await supervisor.json('POST', 'api/v1/forms/105/records', {
    Values: { Title: 'ISO 9001', Supplier: { Id: '1', Text: 'x' }, Document: document },
  });
  expect(created.status).toBe(201);
  certificateId = RecordSchema.parse(await created.json()).Id;
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const storedBookmarks = async () =>
  (await withDb((sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM bookmarks')))!.n;

let supplierNo = 0;
async function createSupplier(name = `Bookmark Supplies ${++supplierNo}`) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name: name, Status: 'Approved' },
  });
  expect(response.status).toBe(201);
  return RecordSchema.parse(await response.json());
}

const toggle = async (
  client: TestClient,
  tableId: number | string,
  recordId: number | string,
  headers = {},
) =>
  readResponse(
    await client.callback(
      command({
        CommandType: 'ToggleBookmarkSelectedRecord',
        BookmarkTableId: String(tableId),
        BookmarkRecordId: String(recordId),
      }),
      { headers },
    ),
  );

const listOf = async (client: TestClient) => {
  const response = await client.fetch('api/v1/bookmarks');
  expect(response.status).toBe(200);
  return BookmarkListSchema.parse(await response.json()).Items;
};

const stateOf = async (client: TestClient, tableId: number, recordId: number) => {
  const response = await client.fetch(`api/v1/bookmarks/${tableId}/${recordId}`);
  expect(response.status).toBe(200);
  return BookmarkStateSchema.parse(await response.json()).Selected;
};

describe('ToggleBookmarkSelectedRecord', () => {
  it('bookmarks a record, answers the new state, and a second toggle removes it', async () => {
    const supplier = await createSupplier('Toggle Supplies');
    const on = await toggle(operator, 102, supplier.Id);
    expect(on.http).toBe(200);
    expect(on.status).toBe('OK');
    expect(on.resultXml).toBe(`<Bookmark TableId="102" RecordId="${supplier.Id}" Selected="true"/>`);
    expect(await stateOf(operator, 102, supplier.Id)).toBe(true);
    expect(await listOf(operator)).toContainEqual(
      expect.objectContaining({
        TableId: 102,
        RecordId: supplier.Id,
        Title: 'Toggle Supplies',
        FormTitle: 'Supplier',
        Url: `/form?WebTemplateNo=102&UGoToItemNo=${supplier.Id}`,
      }),
    );

    const off = await toggle(operator, 102, supplier.Id);
    expect(off.status).toBe('OK');
    expect(off.resultXml).toBe(`<Bookmark TableId="102" RecordId="${supplier.Id}" Selected="false"/>`);
    expect(await stateOf(operator, 102, supplier.Id)).toBe(false);
    expect((await listOf(operator)).map((b) => b.RecordId)).not.toContain(supplier.Id);
  });

  it('lists the newest bookmark first', async () => {
    const first = await createSupplier();
    const second = await createSupplier();
    await toggle(supervisor, 102, first.Id);
    server.clock.advance(1000);
    await toggle(supervisor, 102, second.Id);
    const ids = (await listOf(supervisor)).map((b) => b.RecordId);
    expect(ids.indexOf(second.Id)).toBeLessThan(ids.indexOf(first.Id));
  });

  it('answers 404 ERROR and stores nothing for a record the user cannot see', async () => {
    const supplier = await createSupplier();
    const before = await storedBookmarks();
    const cases: [number | string, number | string][] = [
      [102, 999_999_999], // unknown record
      [999, supplier.Id], // unknown form
      [101, supplier.Id], // a search form: bookmarks name the record form
      [104, supplier.Id], // a record of another entity than the form's
      [105, certificateId], // a form the operators' profile may not open
      [102, 0],
      [-102, supplier.Id],
    ];
    for (const [tableId, recordId] of cases) {
      const answer = await toggle(operator, tableId, recordId);
      expect(answer.http, `${tableId}:${recordId}`).toBe(404);
      expect(answer.status, `${tableId}:${recordId}`).toBe('ERROR');
      expect(answer.message).toBe(
        `There is no record ${Number(recordId)} on form ${Number(tableId)} that you may bookmark.`,
      );
    }
    expect(await storedBookmarks()).toBe(before);
    // The supervisor may open 105: the same certificate is theirs to bookmark.
    expect((await toggle(supervisor, 105, certificateId)).status).toBe('OK');
  });

  it('answers 404 ERROR and stores nothing for a deleted record', async () => {
    const supplier = await createSupplier();
    expect(
      (await supervisor.json('DELETE', `api/v1/forms/102/records/${supplier.Id}`, { Version: 1 })).status,
    ).toBe(200);
    const before = await storedBookmarks();
    const answer = await toggle(operator, 102, supplier.Id);
    expect(answer.http).toBe(404);
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toBe(`There is no record ${supplier.Id} on form 102 that you may bookmark.`);
    expect(await storedBookmarks()).toBe(before);
  });

  it('is refused at a timepoint and changes nothing', async () => {
    const supplier = await createSupplier();
    const answer = await toggle(operator, 102, supplier.Id, { 'x-procedo-timepoint': '2026-01-01 10:00' });
    expect(answer.http).toBe(409);
    expect(answer.status).toBe('ERROR');
    expect(await stateOf(operator, 102, supplier.Id)).toBe(false);
  });

  it('answers 400 naming the missing fields', async () => {
    const answer = await readResponse(
      await operator.callback(command({ CommandType: 'ToggleBookmarkSelectedRecord' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toBe('Missing field BookmarkTableId; Missing field BookmarkRecordId');
  });
});

describe('GET bookmarks', () => {
  it('drops a bookmark whose record was deleted later', async () => {
    const supplier = await createSupplier();
    expect((await toggle(operator, 102, supplier.Id)).status).toBe('OK');
    expect((await listOf(operator)).map((b) => b.RecordId)).toContain(supplier.Id);
    expect(
      (await supervisor.json('DELETE', `api/v1/forms/102/records/${supplier.Id}`, { Version: 1 })).status,
    ).toBe(200);
    expect((await listOf(operator)).map((b) => b.RecordId)).not.toContain(supplier.Id);
    expect((await operator.fetch(`api/v1/bookmarks/102/${supplier.Id}`)).status).toBe(404);
  });

  it('drops bookmarks of a form whose access the profile lost, and lists them again when it is back', async () => {
    const supplier = await createSupplier();
    expect((await toggle(operator, 106, 1)).status).toBe('ERROR'); // a supplier is not a product
    expect((await toggle(operator, 102, supplier.Id)).status).toBe('OK');
    expect(
      await withDb((sql) =>
        sql.run('DELETE FROM form_access WHERE profile_id = 2 AND web_template_no = 102'),
      ),
    ).toBe(1);
    try {
      expect((await listOf(operator)).map((b) => b.RecordId)).not.toContain(supplier.Id);
      const state = await operator.fetch(`api/v1/bookmarks/102/${supplier.Id}`);
      expect(state.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await state.json()).Code).toBe('NOT_FOUND');
    } finally {
      await withDb((sql) => sql.run('INSERT INTO form_access (profile_id, web_template_no) VALUES (2, 102)'));
    }
    expect((await listOf(operator)).map((b) => b.RecordId)).toContain(supplier.Id);
  });

  it('shows a user only their own bookmarks', async () => {
    const supplier = await createSupplier();
    expect((await toggle(supervisor, 102, supplier.Id)).status).toBe('OK');
    expect((await listOf(supervisor)).map((b) => b.RecordId)).toContain(supplier.Id);
    expect((await listOf(operator)).map((b) => b.RecordId)).not.toContain(supplier.Id);
    expect(await stateOf(operator, 102, supplier.Id)).toBe(false);
    // The operator's toggle is theirs: it adds their own, the supervisor's stays.
    expect((await toggle(operator, 102, supplier.Id)).resultXml).toContain('Selected="true"');
    expect((await toggle(operator, 102, supplier.Id)).resultXml).toContain('Selected="false"');
    expect(await stateOf(supervisor, 102, supplier.Id)).toBe(true);
  });

  it('shows a title the record has now', async () => {
    const supplier = await createSupplier('Before Rename');
    await toggle(operator, 102, supplier.Id);
    const renamed = await supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, {
      Version: 1,
      Values: { Name: 'After Rename' },
    });
    expect(renamed.status).toBe(200);
    expect((await listOf(operator)).find((b) => b.RecordId === supplier.Id)?.Title).toBe('After Rename');
  });

  it('needs a session', async () => {
    const anonymous = await fetch(new URL('api/v1/bookmarks', server.url));
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 for an id that is not a positive number', async () => {
    expect((await operator.fetch('api/v1/bookmarks/102/abc')).status).toBe(400);
  });
});

describe('the bookmark limit', () => {
  it('refuses one more bookmark past 500 per user, and removing one still works', async () => {
    const supplier = await createSupplier();
    const userId = (
      await withDb((sql) => sql.get<{ id: number }>("SELECT id FROM users WHERE name = 'translator'"))
    )?.id;
    expect(userId).toBeDefined();
    const translator = new TestClient(() => server.url);
    await translator.logon('translator');
    expect((await toggle(translator, 102, supplier.Id)).status).toBe('OK');
    // 499 more in one statement: record ids 1_000_001 … 1_000_499.
    const added = await withDb((sql) =>
      sql.run(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 499)
         INSERT INTO bookmarks (user_id, table_id, record_id, created_at_utc)
         SELECT CAST(? AS bigint), 102, 1000000 + i, '2026-01-01T00:00:00.000Z' FROM n`,
        [userId],
      ),
    );
    expect(added).toBe(499);
    const other = await createSupplier();
    const refused = await toggle(translator, 102, other.Id);
    expect(refused.http).toBe(400);
    expect(refused.status).toBe('ERROR');
    expect(refused.message).toBe('You have 500 bookmarks, the most one user may keep: remove one first.');
    expect((await toggle(translator, 102, supplier.Id)).resultXml).toContain('Selected="false"');
    expect((await toggle(translator, 102, other.Id)).resultXml).toContain('Selected="true"');
  });
});
