import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { createAjaxCounter } from '../ajax-counter';
import { isReadOnlyTimepointError } from '../errors';
import { createV1Client } from './client';
import { createDesignerClient } from './designer-client';

const formDatasource = {
  Entity: 'supplier',
  Version: 2,
  Columns: [
    {
      Name: 'Rating',
      Caption: 'Rating',
      Kind: 'number',
      Element: { Kind: 'number', Name: 'Rating', Label: 'Rating' },
    },
  ],
};

const filter = {
  Id: 7,
  WebTemplateNo: 101,
  Name: 'Well rated',
  OwnerName: 'operator',
  IsShared: false,
  Fields: ['Rating'],
  Version: 2,
  UpdatedBy: 'operator',
  UpdatedAt: '2026-11-24T10:00:00.000Z',
};

describe('the designer client and the v1 client', () => {
  it('leaves the designers’ resources out of the v1 client, which keeps a form’s datasource', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, formDatasource));
    const v1 = createV1Client({ baseUrl: 'http://h', fetch });
    expect(Object.keys(v1)).not.toContain('designer');
    expect(Object.keys(v1)).not.toContain('filterManager');
    expect(Object.keys(v1.datasources)).toEqual(['ofForm']);
    await expect(v1.datasources.ofForm(101)).resolves.toEqual(formDatasource);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['GET /api/v1/forms/101/datasource']);
  });

  it('sends with the v1 client’s options: CSRF, the ajax counter, the read-only timepoint', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      json(200, request.method === 'DELETE' ? filter : formDatasource),
    );
    const counter = createAjaxCounter();
    let viewed: string | null = '2026-03-01 09:30';
    const designer = createDesignerClient({
      baseUrl: 'http://h',
      fetch,
      getCsrfToken: () => 't',
      ajaxCounter: counter,
      readOnlyTimepoint: () => viewed,
    });
    const refused = await designer.filterManager.remove(101, 7, 2).catch((e: unknown) => e);
    expect(isReadOnlyTimepointError(refused)).toBe(true);
    expect(seen).toEqual([]);
    viewed = null;
    await designer.datasources.ofForm(101);
    await expect(designer.filterManager.remove(101, 7, 2)).resolves.toEqual(filter);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'GET /api/v1/forms/101/datasource',
      'DELETE /api/v1/designer/filters/101/7',
    ]);
    expect(seen[1]?.headers.get('X-CSRF-Token')).toBe('t');
    expect(counter.getSnapshot()).toBe(0);
  });
});
