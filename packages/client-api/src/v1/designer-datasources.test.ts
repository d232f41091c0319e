import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { createV1Client } from './client';
import { createDesignerClient } from './designer-client';
import { type Datasource, isDatasourceBreakingError } from './designer-datasources';
import { isDefinitionConflictError } from './designer-versions';

const datasource: Datasource = {
  Entity: 'supplier',
  Version: 2,
  PublishedAt: '2026-11-24T10:00:00.000Z',
  PublishedBy: 'supervisor',
  ChangeNote: 'Rating',
  Columns: [
    { Name: 'Name', Caption: 'Name', Kind: 'text' },
    { Name: 'Rating', Caption: 'Rating', Kind: 'number', Description: 'From the last audit' },
  ],
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    v1: createDesignerClient({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }),
  };
}

describe('datasources api', () => {
  it('reads and publishes at designer/datasources/{entity}…, and a form’s columns at forms/{no}/datasource', async () => {
    const { v1, seen } = client((request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/datasource'))
        return json(200, {
          Entity: 'supplier',
          Version: 2,
          Columns: [
            { ...datasource.Columns[1], Element: { Kind: 'number', Name: 'Rating', Label: 'Rating' } },
          ],
        });
      if (pathname.endsWith('/diff'))
        return json(200, { From: 1, To: 2, Changes: [{ Column: 'Rating', Change: 'added' }] });
      return json(request.method === 'POST' ? 201 : 200, datasource);
    });
    await expect(v1.datasources.get('supplier')).resolves.toEqual(datasource);
    await v1.datasources.diff('supplier', 1, 2);
    await v1.datasources.publish('supplier', {
      BaseVersion: 1,
      Columns: datasource.Columns,
      ChangeNote: 'Rating',
    });
    const offered = await v1.datasources.ofForm(101);
    expect(offered.Columns[0]?.Element.Kind).toBe('number');
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/designer/datasources/supplier',
      'GET /api/v1/designer/datasources/supplier/diff?from=1&to=2',
      'POST /api/v1/designer/datasources/supplier/versions',
      'GET /api/v1/forms/101/datasource',
    ]);
  });

  it('turns a 409 BREAKING_CHANGE into a DatasourceBreakingError listing the filters', async () => {
    const Filters = [
      { Id: 3, WebTemplateNo: 101, Name: 'Well rated', OwnerName: 'operator', Columns: ['Rating'] },
    ];
    const { v1 } = client(() =>
      json(409, { Message: 'Saved filters use…', Code: 'BREAKING_CHANGE', Filters }),
    );
    const error = await v1.datasources
      .publish('supplier', { BaseVersion: 2, Columns: datasource.Columns.slice(0, 1), ChangeNote: 'x' })
      .catch((e: unknown) => e);
    expect(isDatasourceBreakingError(error)).toBe(true);
    expect((error as { filters: unknown }).filters).toEqual(Filters);
  });

  it('asks a search page for datasource columns with columns=', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json(200, { Rows: [], NextCursor: null, HasMore: false, Total: null, TotalIsExact: null }),
    );
    const v1 = createV1Client({ baseUrl: 'http://h', fetch });
    await v1.records.searchPage(101, { columns: ['Rating', 'Phone'] });
    expect(seen[0]?.url.searchParams.get('columns')).toBe('Rating,Phone');
  });
});

describe('filter manager api', () => {
  it('lists, changes, deletes (with the version) and reads the trail at designer/filters/{no}…', async () => {
    const filter = {
      Id: 7,
      WebTemplateNo: 101,
      Name: 'German',
      OwnerName: 'operator',
      IsShared: false,
      Fields: ['Country'],
      Version: 1,
      UpdatedBy: 'operator',
      UpdatedAt: '2026-11-24T10:00:00.000Z',
    };
    const { v1, seen } = client((request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/changes')) return json(200, { Items: [] });
      return json(200, request.method === 'GET' ? { Items: [filter] } : filter);
    });
    await expect(v1.filterManager.list(101)).resolves.toEqual({ Items: [filter] });
    await v1.filterManager.change(101, 7, { Version: 1, Name: 'Renamed' });
    await v1.filterManager.remove(101, 7, 2);
    await v1.filterManager.changes(101);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/designer/filters/101',
      'PATCH /api/v1/designer/filters/101/7',
      'DELETE /api/v1/designer/filters/101/7?version=2',
      'GET /api/v1/designer/filters/101/changes',
    ]);
  });
});

describe('datasources api: conflicts', () => {
  it('turns a 409 CONFLICT of a publish into a DefinitionConflictError with the current version', async () => {
    const fake = fakeFetch(() =>
      json(409, { Message: 'Another designer…', Code: 'CONFLICT', CurrentVersion: 5 }),
    );
    const v1 = createDesignerClient({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' });
    const error = await v1.datasources
      .publish('supplier', { BaseVersion: 2, Columns: datasource.Columns, ChangeNote: 'x' })
      .catch((e: unknown) => e);
    expect(isDefinitionConflictError(error)).toBe(true);
    expect((error as { currentVersion: number }).currentVersion).toBe(5);
  });
});
