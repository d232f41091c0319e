import { ApiErrorBodySchema, type FieldValues, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

async function row<T>(statement: string, ...params: unknown[]): Promise<T> {
  return (await withServerSql(server, (sql) => sql.get<T>(statement, params))) as T;
}

const errorOf = async (response: Response) => ({
  status: response.status,
  ...ApiErrorBodySchema.parse(await response.json()),
});
const readAs = async (client: TestClient, no: number, id: number) =>
  RecordSchema.parse(await (await client.fetch(`api/v1/forms/${no}/records/${id}`)).json());

async function createSupplier(values: FieldValues = {}) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name: 'Writes Test Supplies', Status: 'Approved', InternalNotes: 'guess me', ...values },
  });
  expect(response.status).toBe(201);
  return RecordSchema.parse(await response.json());
}

describe('a value sent for a hidden element', () => {
  it('is refused even when it equals the stored value, so a write cannot confirm a guess', async () => {
    const created = await createSupplier();
    const answers = [];
    for (const guess of ['guess me', 'wrong guess', null]) {
      const response = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
        Version: 1,
        Values: { Country: 'Greece', InternalNotes: guess },
      });
      answers.push(await errorOf(response));
    }
    // The right guess, a wrong one and a clearing null answer alike.
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 403, Code: 'ELEMENT_PERMISSION' });
      expect(answer.Issues).toEqual([
        expect.objectContaining({ code: 'element_hidden', path: ['Values', 'InternalNotes'] }),
      ]);
    }
    expect(new Set(answers.map((answer) => answer.Message)).size).toBe(1);
    expect((await readAs(supervisor, 102, created.Id)).Version).toBe(1);
    const create = await operator.json('POST', 'api/v1/forms/102/records', {
      Values: { Name: 'Operator Co', Status: 'Approved', InternalNotes: null },
    });
    expect((await errorOf(create)).status).toBe(403);
  });

  it('is not needed: a save without it keeps the hidden value', async () => {
    const created = await createSupplier();
    const response = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Country: 'Greece' },
    });
    expect(response.status).toBe(200);
    expect((await readAs(supervisor, 102, created.Id)).Values.InternalNotes).toBe('guess me');
  });
});

describe('picker values', () => {
  // A batch with its supplier and product, and a product of another supplier.
  const seeded = async () => {
    const batch = await row<{ id: number; product: number; supplier: number }>(
      `SELECT b.record_id AS id, p.record_id AS product, p.parent_id AS supplier
       FROM records b JOIN records p ON p.record_id = b.parent_id
       WHERE b.entity = 'batch' AND b.is_deleted = 0 ORDER BY b.record_id LIMIT 1`,
    );
    const foreign = await row<{ id: number; title: string }>(
      `SELECT record_id AS id, title FROM records WHERE entity = 'product' AND parent_id <> ? AND is_deleted = 0 LIMIT 1`,
      batch.supplier,
    );
    const supplierTitle = await row<{ title: string }>(
      'SELECT title FROM records WHERE record_id = ?',
      batch.supplier,
    );
    return { batch, foreign, supplierTitle: supplierTitle.title };
  };

  const putBatch = async (id: number, values: FieldValues) => {
    const current = await readAs(supervisor, 104, id);
    return supervisor.json('PUT', `api/v1/forms/104/records/${id}`, {
      Version: current.Version,
      Values: values,
    });
  };

  it('must name a current record of the source entity; the stored Text is the server title', async () => {
    const { batch, supplierTitle } = await seeded();
    const productTitle = await row<{ title: string }>(
      'SELECT title FROM records WHERE record_id = ?',
      batch.product,
    );
    for (const fake of [
      { Id: '999999999', Text: 'Made-up supplier' },
      { Id: String(batch.product), Text: 'A product, not a supplier' },
      { Id: 'abc', Text: 'Not an id' },
    ]) {
      const response = await putBatch(batch.id, { Supplier: fake });
      const body = await errorOf(response);
      expect(body).toMatchObject({ status: 400, Code: 'VALIDATION' });
      // The product, which depends on the supplier, is not under that "supplier" either.
      expect(body.Issues).toEqual([
        expect.objectContaining({ code: 'picker_not_found', path: ['Values', 'Supplier'] }),
        expect.objectContaining({ code: 'picker_parent_mismatch', path: ['Values', 'Product'] }),
      ]);
    }
    const renamed = await putBatch(batch.id, {
      Supplier: { Id: String(batch.supplier), Text: 'Whatever the client says' },
      Product: { Id: String(batch.product), Text: 'x' },
    });
    expect(renamed.status).toBe(200);
    const saved = RecordSchema.parse(await renamed.json());
    expect(saved.Values.Supplier).toEqual({ Id: String(batch.supplier), Text: supplierTitle });
    expect(saved.Values.Product).toEqual({ Id: String(batch.product), Text: productTitle.title });
  });

  it('must name a record under the record chosen in the picker it depends on', async () => {
    const { batch, foreign } = await seeded();
    const response = await putBatch(batch.id, { Product: { Id: String(foreign.id), Text: foreign.title } });
    const body = await errorOf(response);
    expect(body).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(body.Issues).toEqual([
      expect.objectContaining({ code: 'picker_parent_mismatch', path: ['Values', 'Product'] }),
    ]);
  });

  it('may not name a deleted record', async () => {
    const gone = await createSupplier({ Name: 'Gone Supplies', InternalNotes: null });
    const deleted = await supervisor.json('DELETE', `api/v1/forms/102/records/${gone.Id}`, { Version: 1 });
    expect(deleted.status).toBe(200);
    const response = await supervisor.json('POST', 'api/v1/forms/106/records', {
      Values: {
        Name: 'Orphan',
        ProductCode: 'ORPH-1',
        Supplier: { Id: String(gone.Id), Text: 'Gone Supplies' },
      },
    });
    expect((await errorOf(response)).Issues).toEqual([
      expect.objectContaining({ code: 'picker_not_found', path: ['Values', 'Supplier'] }),
    ]);
  });
});

describe('field rules the server enforces', () => {
  it("refuses a number between the field's steps (2.5 in a step-1 field)", async () => {
    const created = await createSupplier();
    const response = await supervisor.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Rating: 2.5 },
    });
    const body = await errorOf(response);
    expect(body).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(body.Issues).toEqual([
      expect.objectContaining({ code: 'step_mismatch', path: ['Values', 'Rating'] }),
    ]);
    expect((await readAs(supervisor, 102, created.Id)).Version).toBe(1);
  });

  it.each([
    'javascript:alert(document.cookie)',
    '  JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('refuses the URL %j', async (url) => {
    const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
      Values: { Name: 'Url Test', Status: 'Approved', Website: url },
    });
    const body = await errorOf(response);
    expect(body).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(body.Issues).toEqual([
      expect.objectContaining({ code: 'invalid_url', path: ['Values', 'Website'] }),
    ]);
  });

  it('accepts http, https and mailto URLs', async () => {
    for (const url of ['https://example.com/q?a=1', 'http://example.com', 'mailto:qa@example.com']) {
      const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
        Values: { Name: 'Url Test', Status: 'Approved', Website: url },
      });
      expect(response.status).toBe(201);
    }
  });
});
