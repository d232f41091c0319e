import {
  ApiErrorBodySchema,
  type DatasourceColumn,
  FormDatasourceSchema,
  SavedFilterSchema,
  SearchPageSchema,
} from '@procedo/client-api';
import {
  DatasourceDiffSchema,
  DatasourceListSchema,
  DatasourceSchema,
  DatasourceVersionListSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

const errorOf = async (response: Response) => {
  const body = await response.json();
  return { status: response.status, ...ApiErrorBodySchema.parse(body), body };
};

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

const current = async (entity = 'supplier') => {
  const response = await supervisor.fetch(`api/v1/designer/datasources/${entity}`);
  expect(response.status).toBe(200);
  return DatasourceSchema.parse(await response.json());
};
const publish = (entity: string, body: Record<string, unknown>, client = supervisor) =>
  client.json('POST', `api/v1/designer/datasources/${entity}/versions`, body);

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

describe('datasources', () => {
  it('refuses every designer call to a user without the design role (403)', async () => {
    for (const url of [
      '',
      '/supplier',
      '/supplier/versions',
      '/supplier/versions/1',
      '/supplier/diff?from=1&to=1',
    ]) {
      expect((await operator.fetch(`api/v1/designer/datasources${url}`)).status).toBe(403);
    }
    const refused = await errorOf(await publish('supplier', { BaseVersion: 1 }, operator));
    expect(refused).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
  });

  it("seeds version 1 of each entity from the search forms' columns, then the record forms' other fields", async () => {
    const list = DatasourceListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/datasources')).json(),
    );
    expect(list.Items.map((item) => item.Entity)).toEqual([
      'batch',
      'certificate',
      'deviation',
      'product',
      'supplier',
    ]);
    const supplier = await current();
    expect(supplier).toMatchObject({ Version: 1, PublishedBy: 'system', ChangeNote: 'Seeded datasource' });
    expect(supplier.Columns.slice(0, 4)).toEqual([
      { Name: 'Name', Caption: 'Name', Kind: 'text' },
      { Name: 'Country', Caption: 'Country', Kind: 'text' },
      { Name: 'Status', Caption: 'Status', Kind: 'select' },
      { Name: 'Phone', Caption: 'Phone', Kind: 'phone' },
    ]);
    expect(supplier.Columns.find((column) => column.Name === 'Rating')).toEqual({
      Name: 'Rating',
      Caption: 'Rating (1–5)',
      Kind: 'number',
    });
    const batch = await current('batch');
    expect(batch.Columns.find((column) => column.Name === 'Product')).toEqual({
      Name: 'Product',
      Caption: 'Product',
      DataTextColumn: 'Product.Text',
      Kind: 'picker',
    });
    expect((await supervisor.fetch('api/v1/designer/datasources/nothing')).status).toBe(404);
  });

  it('answers bad columns with 400 at each column’s path, storing nothing', async () => {
    const { Columns } = await current('product');
    const bad: DatasourceColumn[] = [
      ...Columns,
      { ...Columns[0]!, Caption: 'Again' },
      { Name: 'Category', Caption: 'Category', Kind: 'number' },
      { Name: 'Extra', Caption: 'Extra', Kind: 'text', DataFormId: 999 },
    ];
    const refused = await errorOf(
      await publish('product', { BaseVersion: 1, Columns: bad, ChangeNote: 'Bad' }),
    );
    expect(refused.status).toBe(400);
    const paths = refused.Issues?.map((issue) => issue.path);
    expect(paths).toContainEqual(['Columns', Columns.length, 'Name']);
    expect(paths).toContainEqual(['Columns', Columns.length + 2, 'DataFormId']);
    const schema = await errorOf(
      await publish('product', {
        BaseVersion: 1,
        Columns: [{ Name: '1x', Caption: '', Kind: 'text' }],
        ChangeNote: 'x',
      }),
    );
    expect(schema.Issues?.map((issue) => issue.path)).toEqual([
      ['Columns', 0, 'Name'],
      ['Columns', 0, 'Caption'],
    ]);
    expect((await current('product')).Version).toBe(1);
  });

  it('refuses a kind that differs from the field’s (400 at Kind)', async () => {
    const { Columns } = await current('product');
    const changed = Columns.map((column) =>
      column.Name === 'ShelfLifeDays' ? { ...column, Kind: 'text' } : column,
    );
    const refused = await errorOf(
      await publish('product', { BaseVersion: 1, Columns: changed, ChangeNote: 'x' }),
    );
    const index = Columns.findIndex((column) => column.Name === 'ShelfLifeDays');
    expect(refused.Issues).toEqual([
      {
        code: 'custom',
        path: ['Columns', index, 'Kind'],
        message: 'The field ShelfLifeDays holds a number value.',
      },
    ]);
  });

  it('publishes a new version with who, when and note; versions and the diff show it', async () => {
    const before = await current('deviation');
    const columns = [
      { ...before.Columns[1]!, Description: 'When it happened' },
      before.Columns[0]!,
      ...before.Columns.slice(2),
    ];
    const response = await publish('deviation', {
      BaseVersion: 1,
      Columns: columns,
      ChangeNote: 'Date first',
    });
    expect(response.status).toBe(201);
    expect(DatasourceSchema.parse(await response.json())).toMatchObject({
      Version: 2,
      PublishedBy: 'supervisor',
    });
    const versions = DatasourceVersionListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/datasources/deviation/versions')).json(),
    );
    expect(versions.Items.map((item) => [item.Version, item.PublishedBy, item.ChangeNote])).toEqual([
      [2, 'supervisor', 'Date first'],
      [1, 'system', 'Seeded datasource'],
    ]);
    const diff = DatasourceDiffSchema.parse(
      await (await supervisor.fetch('api/v1/designer/datasources/deviation/diff?from=1&to=2')).json(),
    );
    expect(diff.Changes).toContainEqual({
      Column: before.Columns[1]!.Name,
      Change: 'changed',
      Property: 'Description',
      After: 'When it happened',
    });
    expect(diff.Changes.filter((change) => change.Change === 'moved').length).toBeGreaterThan(0);
    const v1 = DatasourceSchema.parse(
      await (await supervisor.fetch('api/v1/designer/datasources/deviation/versions/1')).json(),
    );
    expect(v1.Columns).toEqual(before.Columns);
    expect((await supervisor.fetch('api/v1/designer/datasources/deviation/versions/9')).status).toBe(404);
  });

  it('refuses a publish from an older version (409 CONFLICT with the current version), storing nothing', async () => {
    const { Columns } = await current('certificate');
    expect((await publish('certificate', { BaseVersion: 1, Columns, ChangeNote: 'First' })).status).toBe(201);
    const late = await errorOf(
      await publish('certificate', { BaseVersion: 1, Columns: Columns.slice(1), ChangeNote: 'Second' }),
    );
    expect(late).toMatchObject({ status: 409, Code: 'CONFLICT' });
    expect(late.body.CurrentVersion).toBe(2);
    expect((await current('certificate')).Columns).toEqual(Columns);
  });

  it('keeps datasource versions append-only', async () => {
    await withServerSql(server, async (sql) => {
      await expect(sql.run("UPDATE datasource_versions SET published_by = 'x'")).rejects.toThrow(
        /append-only/,
      );
      await expect(sql.run('DELETE FROM datasource_versions')).rejects.toThrow(/append-only/);
    });
  });
});

describe('datasource columns in search grids and filters', () => {
  it("offers a search form's users the entity's columns they may see, each with its element", async () => {
    const response = await operator.fetch('api/v1/forms/101/datasource');
    expect(response.status).toBe(200);
    const offered = FormDatasourceSchema.parse(await response.json());
    const names = offered.Columns.map((column) => column.Name);
    expect(names).toContain('Rating');
    // Hidden for operators on the supplier form the rows open.
    expect(names).not.toContain('InternalNotes');
    expect(offered.Columns.find((column) => column.Name === 'Status')?.Element.Kind).toBe('select');
    const supervisors = FormDatasourceSchema.parse(
      await (await supervisor.fetch('api/v1/forms/101/datasource')).json(),
    );
    expect(supervisors.Columns.map((column) => column.Name)).toContain('InternalNotes');
  });

  it('carries the datasource columns asked for in the search rows, and only those', async () => {
    const plain = SearchPageSchema.parse(
      await (await operator.fetch('api/v1/forms/101/search/page?limit=5')).json(),
    );
    expect(plain.Rows.length).toBeGreaterThan(0);
    expect(plain.Rows.every((row) => !('Rating' in row.Values))).toBe(true);
    const asked = SearchPageSchema.parse(
      await (await operator.fetch('api/v1/forms/101/search/page?limit=5&columns=Rating,Phone')).json(),
    );
    expect(asked.Rows.map((row) => row.Id)).toEqual(plain.Rows.map((row) => row.Id));
    expect(asked.Rows.some((row) => typeof row.Values.Rating === 'number')).toBe(true);
    expect(asked.Rows.every((row) => !('Email' in row.Values))).toBe(true);
  });

  it('refuses a column the datasource lacks or hides from the user (400 at columns[i])', async () => {
    const unknown = await errorOf(await operator.fetch('api/v1/forms/101/search/page?columns=Rating,Nope'));
    expect(unknown.status).toBe(400);
    expect(unknown.Issues?.map((issue) => issue.path)).toEqual([['columns', 1]]);
    const hidden = await errorOf(await operator.fetch('api/v1/forms/101/search/page?columns=InternalNotes'));
    expect(hidden.Issues?.map((issue) => issue.path)).toEqual([['columns', 0]]);
  });

  it('sorts and filters the grid by a datasource column', async () => {
    const where = JSON.stringify({ Combine: 'and', Conditions: [{ Field: 'Rating', Op: 'ge', Value: '4' }] });
    const response = await operator.fetch(
      `api/v1/forms/101/search/page?limit=20&columns=Rating&sort=-Rating&where=${encodeURIComponent(where)}`,
    );
    expect(response.status).toBe(200);
    const ratings = SearchPageSchema.parse(await response.json()).Rows.map((row) => row.Values.Rating);
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((rating) => typeof rating === 'number' && rating >= 4)).toBe(true);
    expect(ratings).toEqual([...ratings].sort((a, b) => Number(b) - Number(a)));
  });

  it('asks before removing a column a saved filter uses (409 BREAKING_CHANGE listing it), deletes nothing when confirmed', async () => {
    const saved = await operator.json('POST', 'api/v1/forms/101/filters', {
      Name: 'Well rated',
      Filter: { Combine: 'and', Conditions: [{ Field: 'Rating', Op: 'ge', Value: '4' }] },
    });
    expect(saved.status).toBe(201);
    const filter = SavedFilterSchema.parse(await saved.json());
    const before = await current();
    const without = before.Columns.filter((column) => column.Name !== 'Rating');
    const body = { BaseVersion: before.Version, Columns: without, ChangeNote: 'No rating' };
    const refused = await errorOf(await publish('supplier', body));
    expect(refused).toMatchObject({ status: 409, Code: 'BREAKING_CHANGE' });
    expect(refused.body.Filters).toEqual([
      { Id: filter.Id, WebTemplateNo: 101, Name: 'Well rated', OwnerName: 'operator', Columns: ['Rating'] },
    ]);
    expect((await current()).Version).toBe(before.Version);
    const confirmed = await publish('supplier', { ...body, ConfirmBreaking: true });
    expect(confirmed.status).toBe(201);
    const kept = await operator.fetch(`api/v1/forms/101/filters/${filter.Id}`);
    // The filter is kept; it names a field no longer offered, so its owner cannot use it until it is back.
    expect(kept.status).toBe(403);
    const managed = await supervisor.fetch('api/v1/designer/filters/101');
    expect(JSON.stringify(await managed.json())).toContain('Well rated');
  });
});
