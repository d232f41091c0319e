import {
  ApiErrorBodySchema,
  ConflictBodySchema,
  type FieldValues,
  type FormElementKind,
  FormResponseSchema,
  flattenElements,
  PickerSearchResultSchema,
  RecordSchema,
  SearchResultSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

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
const record = async (response: Response) => RecordSchema.parse(await response.json());

const newSupplier = (overrides: FieldValues = {}): FieldValues => ({
  Name: 'Zephyr Test Supplies',
  Country: 'Austria',
  Phone: '+43123456789',
  Email: 'qa@zephyr.example',
  Website: 'https://zephyr.example',
  Status: 'Approved',
  IsPreferred: true,
  Rating: 4,
  InternalNotes: 'Only for supervisors',
  ...overrides,
});

async function createSupplier(values: FieldValues = newSupplier()) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', { Values: values });
  expect(response.status).toBe(201);
  return record(response);
}

const withDb = <T>(work: (sql: ServerSql) => Promise<T>, database = 'demo') =>
  withServerSql(server, work, database);

/** The id of a stored product. */
const aProductId = async () =>
  (
    await withDb((sql) =>
      sql.get<{ id: number }>(
        "SELECT record_id AS id FROM records WHERE entity = 'product' ORDER BY record_id LIMIT 1",
      ),
    )
  )?.id as number;

const ALL_KINDS: FormElementKind[] = [
  'text',
  'phone',
  'brackets',
  'textarea',
  'number',
  'date',
  'select',
  'checkbox',
  'picker',
  'file',
  'info',
  'button',
  'results',
  'tabs',
];

describe('form definitions', () => {
  it('serves every seeded demo form as a valid FormResponse, together using every element kind', async () => {
    const kinds = new Set<string>();
    for (const no of [101, 102, 103, 104, 105, 106]) {
      const response = await supervisor.fetch(`api/v1/forms/${no}`);
      expect(response.status).toBe(200);
      const form = FormResponseSchema.parse(await response.json());
      expect(form.Definition.WebTemplateNo).toBe(no);
      for (const element of flattenElements(form.Definition)) kinds.add(element.Kind);
      expect(form.SupportedFileExtensions).toEqual([
        'pdf',
        'png',
        'jpg',
        'jpeg',
        'txt',
        'csv',
        'docx',
        'xlsx',
      ]);
      expect(form.MaxUploadBytes).toBe(5 * 1024 * 1024);
    }
    expect([...kinds].sort()).toEqual([...ALL_KINDS].sort());
  });

  it('has a search form with a default search button and results opening the supplier form', async () => {
    const form = FormResponseSchema.parse(await (await supervisor.fetch('api/v1/forms/101')).json());
    const elements = flattenElements(form.Definition);
    expect(elements).toContainEqual(
      expect.objectContaining({ Kind: 'button', Action: 'search', IsDefault: true }),
    );
    expect(elements).toContainEqual(expect.objectContaining({ Kind: 'results', OpenWebTemplateNo: 102 }));
  });

  it('seeds a smaller set of forms in training', async () => {
    const trainee = new TestClient(() => server.url);
    await trainee.logon('supervisor', 'demo', 'training');
    expect((await trainee.fetch('api/v1/forms/102')).status).toBe(200);
    const missing = await trainee.fetch('api/v1/forms/103');
    expect(missing.status).toBe(404);
    expect((await errorBody(missing)).Code).toBe('NOT_FOUND');
  });

  it('answers 401 without a session and 404 to an unknown form', async () => {
    const anonymous = new TestClient(() => server.url);
    expect((await anonymous.fetch('api/v1/forms/101')).status).toBe(401);
    expect((await supervisor.fetch('api/v1/forms/999')).status).toBe(404);
    expect((await supervisor.fetch('api/v1/forms/abc')).status).toBe(400);
  });

  it('answers 500 (logged, no crash) for a stored definition of an unknown schemaVersion', async () => {
    await withDb((sql) =>
      sql.run('UPDATE form_definitions SET schema_version = 2 WHERE web_template_no = 105'),
    );
    await server.restart(); // definitions are cached once read
    const response = await supervisor.fetch('api/v1/forms/105');
    expect(response.status).toBe(500);
    expect((await errorBody(response)).Code).toBe('INTERNAL');
    expect((await supervisor.fetch('api/v1/forms/106')).status).toBe(200);
    await withDb((sql) =>
      sql.run('UPDATE form_definitions SET schema_version = 1 WHERE web_template_no = 105'),
    );
    await server.restart();
    expect((await supervisor.fetch('api/v1/forms/105')).status).toBe(200);
  });
});

describe('element permissions', () => {
  it("gives the operator the profile's permissions and the supervisor none", async () => {
    const asOperator = FormResponseSchema.parse(await (await operator.fetch('api/v1/forms/102')).json());
    expect(asOperator.Permissions).toEqual(
      expect.arrayContaining([
        { NAME: 'Rating', ElementHidden: false, ElementLocked: true },
        { NAME: 'InternalNotes', ElementHidden: true, ElementLocked: false },
      ]),
    );
    const asSupervisor = FormResponseSchema.parse(await (await supervisor.fetch('api/v1/forms/102')).json());
    expect(asSupervisor.Permissions).toEqual([]);
  });

  it('lets a user-level permission override the profile-level one', async () => {
    await withDb((sql) =>
      sql.run(
        `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
         VALUES (102, 'InternalNotes', 'user', 2, 0, 1)`,
      ),
    );
    try {
      const form = FormResponseSchema.parse(await (await operator.fetch('api/v1/forms/102')).json());
      expect(form.Permissions).toContainEqual({
        NAME: 'InternalNotes',
        ElementHidden: false,
        ElementLocked: true,
      });
    } finally {
      await withDb((sql) => sql.run("DELETE FROM element_permissions WHERE owner_type = 'user'"));
    }
  });

  it('never sends the values of hidden elements', async () => {
    const created = await createSupplier();
    expect(created.Values.InternalNotes).toBe('Only for supervisors');
    const asOperator = await record(await operator.fetch(`api/v1/forms/102/records/${created.Id}`));
    expect(asOperator.Values).not.toHaveProperty('InternalNotes');
    expect(asOperator.Values.Name).toBe('Zephyr Test Supplies');
    const search = SearchResultSchema.parse(
      await (await operator.fetch('api/v1/forms/101/search?text=zephyr')).json(),
    );
    for (const row of search.Rows) expect(row.Values).not.toHaveProperty('InternalNotes');
    // Not in a 409's Current either.
    const conflict = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 99,
      Values: { Country: 'Italy' },
    });
    expect(conflict.status).toBe(409);
    expect(ConflictBodySchema.parse(await conflict.json()).Current.Values).not.toHaveProperty(
      'InternalNotes',
    );
  });

  it.each([
    ['a locked element', { Rating: 1 }, 'element_locked'],
    ['a hidden element', { InternalNotes: 'changed' }, 'element_hidden'],
  ])('refuses an update of %s with 403 and writes nothing', async (_what, values, code) => {
    const created = await createSupplier();
    const response = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Country: 'Norway', ...values },
    });
    expect(response.status).toBe(403);
    const body = await errorBody(response);
    expect(body.Code).toBe('ELEMENT_PERMISSION');
    expect(body.Issues).toEqual([
      expect.objectContaining({ code, path: ['Values', Object.keys(values)[0]] }),
    ]);
    const after = await record(await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`));
    expect(after.Version).toBe(1);
    expect(after.Values.Country).toBe('Austria');
  });

  it('refuses a create that sets a locked or hidden element', async () => {
    for (const values of [{ Rating: 3 }, { InternalNotes: 'x' }]) {
      const response = await operator.json('POST', 'api/v1/forms/102/records', {
        Values: { Name: 'Operator Co', Status: 'Approved', ...values },
      });
      expect(response.status).toBe(403);
      expect((await errorBody(response)).Code).toBe('ELEMENT_PERMISSION');
    }
    const allowed = await operator.json('POST', 'api/v1/forms/102/records', {
      Values: { Name: 'Operator Co', Status: 'Approved' },
    });
    expect(allowed.status).toBe(201);
  });

  it('refuses a delete that would clear a locked or hidden value', async () => {
    const created = await createSupplier();
    const response = await operator.json('DELETE', `api/v1/forms/102/records/${created.Id}`, { Version: 1 });
    expect(response.status).toBe(403);
    expect((await errorBody(response)).Code).toBe('ELEMENT_PERMISSION');
    expect((await record(await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`))).IsDeleted).toBe(
      false,
    );
  });

  it('lets the operator change other fields, keeping the hidden value and sending a locked one unchanged', async () => {
    const created = await createSupplier();
    const response = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Country: 'Denmark', Rating: 4 },
    });
    expect(response.status).toBe(200);
    const after = await record(await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`));
    expect(after).toMatchObject({ Version: 2, UpdatedBy: 'operator' });
    expect(after.Values).toMatchObject({
      Country: 'Denmark',
      Rating: 4,
      InternalNotes: 'Only for supervisors',
    });
  });

  it('refuses a locked element of the product form to the operator', async () => {
    const product = SearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/forms/101/search?pageSize=1')).json(),
    );
    expect(product.Rows.length).toBe(1);
    const id = await aProductId();
    const current = await record(await operator.fetch(`api/v1/forms/106/records/${id}`));
    const response = await operator.json('PUT', `api/v1/forms/106/records/${id}`, {
      Version: current.Version,
      Values: { ShelfLifeDays: 1 },
    });
    expect(response.status).toBe(403);
  });
});

describe('records', () => {
  it('creates, updates and deletes, keeping every version readable with who and when', async () => {
    const created = await createSupplier();
    expect(created).toMatchObject({
      Entity: 'supplier',
      Version: 1,
      IsDeleted: false,
      UpdatedBy: 'supervisor',
    });
    expect(new Date(created.UpdatedAt).toISOString()).toBe(created.UpdatedAt);

    const updated = await record(
      await supervisor.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
        Version: 1,
        Values: { Country: 'Malta' },
      }),
    );
    expect(updated).toMatchObject({ Version: 2 });
    expect(updated.Values).toMatchObject({ Country: 'Malta', Name: 'Zephyr Test Supplies' });

    const deleted = await record(
      await supervisor.json('DELETE', `api/v1/forms/102/records/${created.Id}`, { Version: 2 }),
    );
    expect(deleted).toMatchObject({ Version: 3, IsDeleted: true });
    expect(deleted.Values.Country).toBe('Malta');

    const versions = await Promise.all(
      [1, 2, 3].map(async (v) =>
        record(await supervisor.fetch(`api/v1/forms/102/records/${created.Id}?version=${v}`)),
      ),
    );
    expect(versions.map((v) => [v.Version, v.Values.Country, v.IsDeleted])).toEqual([
      [1, 'Austria', false],
      [2, 'Malta', false],
      [3, 'Malta', true],
    ]);
    expect((await supervisor.fetch(`api/v1/forms/102/records/${created.Id}?version=4`)).status).toBe(404);
    // The deleted record is no longer found by search or pickers.
    const found = PickerSearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/pickers/suppliers?text=zephyr')).json(),
    );
    expect(found.Items.map((item) => item.Id)).not.toContain(String(created.Id));
  });

  it('answers 409 with the current values to a stale update and writes nothing', async () => {
    const created = await createSupplier();
    await supervisor.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Country: 'Chile' },
    });
    const stale = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Country: 'Peru' },
    });
    expect(stale.status).toBe(409);
    const body = ConflictBodySchema.parse(await stale.json());
    expect(body.Current).toMatchObject({ Version: 2, UpdatedBy: 'supervisor' });
    expect(body.Current.Values.Country).toBe('Chile');
    const deleteStale = await supervisor.json('DELETE', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
    });
    expect(deleteStale.status).toBe(409);
    expect((await record(await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`))).Version).toBe(2);
  });

  it('answers 400 with one issue per bad field', async () => {
    const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
      Values: newSupplier({
        Name: null,
        Email: 'not-an-email',
        Phone: '12-34',
        Website: 'nope',
        Rating: 9,
        Status: 'Maybe',
      }),
    });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    const byField = Object.fromEntries(body.Issues!.map((issue) => [issue.path[1], issue.code]));
    expect(byField).toEqual({
      Name: 'mandatory',
      Email: 'invalid_email',
      Phone: 'invalid_phone',
      Website: 'invalid_url',
      Rating: 'too_big',
      Status: 'invalid_option',
    });
    for (const issue of body.Issues!) expect(issue.path[0]).toBe('Values');
  });

  it('answers 400 to an element the form does not have, and to a bracket field with other characters', async () => {
    const unknown = await supervisor.json('POST', 'api/v1/forms/102/records', {
      Values: newSupplier({ Colour: 'red' }),
    });
    expect(unknown.status).toBe(400);
    expect((await errorBody(unknown)).Issues).toEqual([
      expect.objectContaining({ path: ['Values', 'Colour'] }),
    ]);
    const id = await aProductId();
    const bad = await supervisor.json('PUT', `api/v1/forms/106/records/${id}`, {
      Version: 1,
      Values: { BracketCode: '(a)' },
    });
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).Issues).toEqual([
      expect.objectContaining({ code: 'invalid_brackets', path: ['Values', 'BracketCode'] }),
    ]);
  });

  it('answers 404 to a record of another entity through a form', async () => {
    const created = await createSupplier();
    expect((await supervisor.fetch(`api/v1/forms/106/records/${created.Id}`)).status).toBe(404);
    expect((await supervisor.fetch('api/v1/forms/102/records/99999999')).status).toBe(404);
  });

  it('requires the CSRF header on writes', async () => {
    const response = await supervisor.json(
      'POST',
      'api/v1/forms/102/records',
      { Values: newSupplier() },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    expect((await errorBody(response)).Code).toBe('CSRF');
  });

  it('keeps every version in an append-only table', async () => {
    const created = await createSupplier();
    await withDb(async (sql) => {
      await expect(
        sql.run('UPDATE record_versions SET values_json = ? WHERE record_id = ?', ['{}', created.Id]),
      ).rejects.toThrow(/append-only/);
      await expect(sql.run('DELETE FROM record_versions WHERE record_id = ?', [created.Id])).rejects.toThrow(
        /append-only/,
      );
    });
  });
});

describe('audit-flagged fields', () => {
  const deviation = (overrides: FieldValues = {}): FieldValues => ({
    Title: 'Temperature excursion in cold room 2',
    OccurredOn: '2025-03-04',
    Severity: 'Major',
    Status: 'Open',
    ...overrides,
  });
  const signOff = { AuditDataChangeESig: '  sam SUPERVISOR ', AuditDataChangeReason: 'Initial assessment' };

  it('refuses a change without a signature (400) or with another name (403)', async () => {
    const missing = await supervisor.json('POST', 'api/v1/forms/103/records', { Values: deviation() });
    expect(missing.status).toBe(400);
    const body = await errorBody(missing);
    expect(body.Code).toBe('AUDIT_SIGNATURE_REQUIRED');
    expect(body.Issues!.map((issue) => issue.path[1]).sort()).toEqual(['Severity', 'Status']);

    const wrong = await supervisor.json('POST', 'api/v1/forms/103/records', {
      Values: deviation(),
      Audit: { AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'x' },
    });
    expect(wrong.status).toBe(403);
    expect((await errorBody(wrong)).Code).toBe('AUDIT_SIGNATURE_MISMATCH');

    const noReason = await supervisor.json('POST', 'api/v1/forms/103/records', {
      Values: deviation(),
      Audit: { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: '   ' },
    });
    expect(noReason.status).toBe(400);
    expect((await errorBody(noReason)).Issues).toEqual([
      expect.objectContaining({ path: ['Audit', 'AuditDataChangeReason'] }),
    ]);
  });

  it('stores the signature and reason with the version; a change to other fields needs none', async () => {
    const created = await record(
      await supervisor.json('POST', 'api/v1/forms/103/records', { Values: deviation(), Audit: signOff }),
    );
    const plain = await supervisor.json('PUT', `api/v1/forms/103/records/${created.Id}`, {
      Version: 1,
      Values: { Title: 'Temperature excursion in cold room 3' },
    });
    expect(plain.status).toBe(200);
    const unsigned = await supervisor.json('PUT', `api/v1/forms/103/records/${created.Id}`, {
      Version: 2,
      Values: { Severity: 'Critical' },
    });
    expect(unsigned.status).toBe(400);
    const signed = await supervisor.json('PUT', `api/v1/forms/103/records/${created.Id}`, {
      Version: 2,
      Values: { Severity: 'Critical' },
      Audit: { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: 'Product reached patients' },
    });
    expect(signed.status).toBe(200);
    const rows = await withDb((sql) =>
      sql.all<{ version: number; audit_esig: string | null; audit_reason: string | null }>(
        'SELECT version, audit_esig, audit_reason, updated_by FROM record_versions WHERE record_id = ? ORDER BY version',
        [created.Id],
      ),
    );
    expect(rows).toEqual([
      {
        version: 1,
        audit_esig: 'sam SUPERVISOR',
        audit_reason: 'Initial assessment',
        updated_by: 'supervisor',
      },
      { version: 2, audit_esig: null, audit_reason: null, updated_by: 'supervisor' },
      {
        version: 3,
        audit_esig: 'Sam Supervisor',
        audit_reason: 'Product reached patients',
        updated_by: 'supervisor',
      },
    ]);
    // Deleting clears audit-flagged values: it needs a signature too.
    expect(
      (await supervisor.json('DELETE', `api/v1/forms/103/records/${created.Id}`, { Version: 3 })).status,
    ).toBe(400);
    const deleted = await supervisor.json('DELETE', `api/v1/forms/103/records/${created.Id}`, {
      Version: 3,
      Audit: { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: 'Raised twice' },
    });
    expect(deleted.status).toBe(200);
  });
});

describe('pickers', () => {
  const search = async (client: TestClient, query: string) => {
    const response = await client.fetch(`api/v1/pickers/${query}`);
    expect(response.status).toBe(200);
    return PickerSearchResultSchema.parse(await response.json());
  };

  it('finds suppliers by prefix first, then containing the text, 20 at most with HasMore', async () => {
    const result = await search(supervisor, 'suppliers?text=al');
    expect(result.Items.length).toBe(20);
    expect(result.HasMore).toBe(true);
    for (const item of result.Items) expect(item.Text.toLowerCase()).toContain('al');
    const prefixed = result.Items.findIndex((item) => !item.Text.toLowerCase().startsWith('al'));
    if (prefixed >= 0) {
      expect(result.Items.slice(prefixed).every((item) => !item.Text.toLowerCase().startsWith('al'))).toBe(
        true,
      );
    }
    const one = await search(supervisor, 'suppliers?text=%20001');
    expect(one.HasMore).toBe(false);
    expect(one.Items.length).toBeGreaterThan(0);
  });

  it("refuses text shorter than the element's MinLength", async () => {
    const short = await supervisor.fetch(
      'api/v1/pickers/suppliers?text=a&WebTemplateNo=104&Element=Supplier',
    );
    expect(short.status).toBe(400);
    expect((await errorBody(short)).Issues).toEqual([expect.objectContaining({ path: ['text'] })]);
    await search(supervisor, 'suppliers?text=al&WebTemplateNo=104&Element=Supplier');
    // MinLength 0: an empty text lists the first rows.
    expect((await search(supervisor, 'batches?text=&WebTemplateNo=104&Element=ReworkOf')).Items.length).toBe(
      20,
    );
    expect(
      (await supervisor.fetch('api/v1/pickers/suppliers?text=al&WebTemplateNo=104&Element=Product')).status,
    ).toBe(400);
  });

  it('filters products by the supplier and batches by the product they depend on', async () => {
    const supplier = (await search(supervisor, 'suppliers?text=al')).Items[0]!;
    const products = await search(
      supervisor,
      `products?text=&dep.Supplier=${supplier.Id}&WebTemplateNo=104&Element=Product`.replace(
        'text=&',
        'text=a&',
      ),
    );
    const all = await withDb((sql) =>
      sql.all<{ id: number }>(
        "SELECT record_id AS id FROM records WHERE entity = 'product' AND parent_id = ? AND is_deleted = 0",
        [Number(supplier.Id)],
      ),
    );
    for (const item of products.Items) {
      const product = await record(await supervisor.fetch(`api/v1/forms/106/records/${item.Id}`));
      expect((product.Values.Supplier as { Id: string }).Id).toBe(supplier.Id);
    }
    expect(all.length).toBeGreaterThan(0);
    const productId = all[0]!.id;
    const batches = await search(supervisor, `batches?text=b&dep.Product=${productId}`);
    for (const item of batches.Items) {
      const batch = await record(await supervisor.fetch(`api/v1/forms/104/records/${item.Id}`));
      expect((batch.Values.Product as { Id: string }).Id).toBe(String(productId));
    }
    const unknownDep = await supervisor.fetch('api/v1/pickers/products?text=a&dep.Batch=1');
    expect(unknownDep.status).toBe(400);
    expect((await supervisor.fetch('api/v1/pickers/nothing?text=a')).status).toBe(404);
  });
});

describe('search forms', () => {
  it('pages through results filtered by text and fields, sending only the result columns', async () => {
    const first = SearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/forms/101/search?text=a&Status=Approved&pageSize=10')).json(),
    );
    expect(first.Rows.length).toBe(10);
    expect(first.Total).toBeGreaterThan(10);
    for (const row of first.Rows) {
      expect(row.Values.Status).toBe('Approved');
      expect(Object.keys(row.Values).sort()).toEqual(['Country', 'Name', 'Status']);
    }
    const second = SearchResultSchema.parse(
      await (
        await supervisor.fetch('api/v1/forms/101/search?text=a&Status=Approved&pageSize=10&page=1')
      ).json(),
    );
    expect(second.Page).toBe(1);
    expect(second.Rows.map((row) => row.Id)).not.toEqual(first.Rows.map((row) => row.Id));
    const byCountry = SearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/forms/101/search?Country=swit')).json(),
    );
    expect(byCountry.Rows.length).toBeGreaterThan(0);
    for (const row of byCountry.Rows) expect(row.Values.Country).toBe('Switzerland');
    expect((await supervisor.fetch('api/v1/forms/101/search?Colour=red')).status).toBe(400);
  });
});

describe('files', () => {
  it('stores an upload under a generated name and serves it back as an attachment', async () => {
    const response = await supervisor.upload('../../GMP certificate (2025).pdf', '%PDF-1.4 test');
    expect(response.status).toBe(201);
    const ref = (await response.json()) as {
      Id: string;
      FileName: string;
      Size: number;
      ContentType: string;
    };
    expect(ref).toMatchObject({
      FileName: 'GMP certificate (2025).pdf',
      Size: 13,
      ContentType: 'application/pdf',
    });

    const download = await supervisor.fetch(`api/v1/files/${ref.Id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="GMP certificate (2025).pdf"',
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(await download.text()).toBe('%PDF-1.4 test');
    const stored = await withDb((sql) =>
      sql.get<{ stored_name: string }>('SELECT stored_name FROM files WHERE id = ?', [ref.Id]),
    );
    expect(stored?.stored_name).toMatch(/^[0-9a-f]{32}$/);

    const certificate = await supervisor.json('POST', 'api/v1/forms/105/records', {
      Values: { Title: 'GMP 2025', Supplier: { Id: '1', Text: 'x' }, Document: ref },
    });
    expect(certificate.status).toBe(201);
  });

  it("refuses an extension not in the global list with 'This type of file is not supported.'", async () => {
    for (const name of ['run.exe', 'noextension', 'archive.pdf.sh']) {
      const response = await supervisor.upload(name, 'MZ');
      expect(response.status).toBe(400);
      expect((await errorBody(response)).Message).toBe('This type of file is not supported.');
    }
  });

  it('refuses a file over the size limit with 413 and keeps nothing', async () => {
    const response = await supervisor.upload('big.txt', new Uint8Array(5 * 1024 * 1024 + 1));
    expect(response.status).toBe(413);
    expect((await errorBody(response)).Code).toBe('PAYLOAD_TOO_LARGE');
    expect(
      await withDb((sql) => sql.get("SELECT count(*) AS n FROM files WHERE original_name = 'big.txt'")),
    ).toEqual({ n: 0 });
  });

  it('refuses uploads without CSRF, downloads of unknown files, and records naming a file never uploaded', async () => {
    expect((await supervisor.upload('a.txt', 'x', { csrf: false })).status).toBe(403);
    expect((await supervisor.fetch('api/v1/files/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await supervisor.fetch('api/v1/files/..%2Fdemo.sqlite')).status).toBe(404);
    const response = await supervisor.json('POST', 'api/v1/forms/105/records', {
      Values: {
        Title: 'Forged',
        Supplier: { Id: '1', Text: 'x' },
        Document: {
          Id: '00000000-0000-4000-8000-000000000000',
          FileName: 'a.pdf',
          Size: 1,
          ContentType: 'application/pdf',
        },
      },
    });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).Issues).toEqual([
      expect.objectContaining({ path: ['Values', 'Document'] }),
    ]);
    const badType = await supervisor.json('POST', 'api/v1/forms/105/records', {
      Values: {
        Title: 'Forged',
        Supplier: { Id: '1', Text: 'x' },
        Document: {
          Id: '00000000-0000-4000-8000-000000000000',
          FileName: 'a.exe',
          Size: 1,
          ContentType: 'x',
        },
      },
    });
    expect((await errorBody(badType)).Issues).toEqual([
      expect.objectContaining({
        code: 'file_type_not_supported',
        message: 'This type of file is not supported.',
      }),
    ]);
  });
});
