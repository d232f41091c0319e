import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { NetworkError } from '../errors';
import type { FetchLike } from '../http';
import { createV1Client } from './client';
import { isVersionConflictError } from './records';

const record = (version: number, values: Record<string, unknown>) => ({
  Id: 17,
  Entity: 'supplier',
  Version: version,
  IsDeleted: false,
  Values: values,
  UpdatedBy: 'supervisor',
  UpdatedAt: '2026-11-23T10:00:00.000Z',
});

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    forms: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }).forms,
  };
}

describe('forms api', () => {
  it('keeps the deprecated record calls, sent exactly as v1.records sends them', async () => {
    const { forms, seen } = client((request) =>
      request.url.includes('/search')
        ? json(200, { Rows: [], Page: 0, PageSize: 25, Total: 0 })
        : json(200, record(2, { Name: 'Atlas' })),
    );
    await forms.record(102, 17);
    await forms.record(102, 17, { version: 1 });
    await forms.search(101, { text: 'a', filters: { Status: 'Approved' } });
    await forms.create(102, { Values: { Name: 'New' } });
    await forms.update(102, 17, { Version: 1, Values: { Name: 'Atlas' } });
    await forms.remove(102, 17, { Version: 2 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search} ${s.body}`)).toEqual([
      'GET /api/v1/forms/102/records/17 ',
      'GET /api/v1/forms/102/records/17?version=1 ',
      'GET /api/v1/forms/101/search?text=a&page=0&Status=Approved ',
      'POST /api/v1/forms/102/records {"Values":{"Name":"New"}}',
      'PUT /api/v1/forms/102/records/17 {"Version":1,"Values":{"Name":"Atlas"}}',
      'DELETE /api/v1/forms/102/records/17 {"Version":2}',
    ]);
    const stale = await client(() =>
      json(409, { Message: 'changed', Code: 'VERSION_CONFLICT', Current: record(3, {}) }),
    )
      .forms.update(102, 17, { Version: 1, Values: {} })
      .catch((e: unknown) => e);
    expect(isVersionConflictError(stale)).toBe(true);
  });

  it('reads a form as of a timepoint: the definition version in force then', async () => {
    const { forms, seen } = client(() => json(404, { Message: 'not needed', Code: 'NOT_FOUND' }));
    await forms.get(102).catch(() => undefined);
    await forms.get(102, { timepoint: '2026-03-01 09:30' }).catch(() => undefined);
    expect(seen.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      '/api/v1/forms/102',
      '/api/v1/forms/102?Timepoint=2026-03-01+09%3A30',
    ]);
    expect(() => forms.get(102, { timepoint: 'yesterday' })).toThrow(RangeError);
  });

  it('searches a picker with the dependency values as dep.{Name} and the element to check', async () => {
    const { forms, seen } = client(() =>
      json(200, { Items: [{ Id: '9', Text: 'Aspirin' }], HasMore: false }),
    );
    const result = await forms.pickerSearch('products', {
      text: 'as',
      deps: { Supplier: { Id: '5', Text: 'Atlas' }, Other: null },
      webTemplateNo: 104,
      element: 'Product',
    });
    expect(result.Items).toEqual([{ Id: '9', Text: 'Aspirin' }]);
    expect(seen[0]?.url.pathname).toBe('/api/v1/pickers/products');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({
      text: 'as',
      'dep.Supplier': '5',
      WebTemplateNo: '104',
      Element: 'Product',
    });
  });

  it('abandons a picker search when its signal aborts', async () => {
    const { forms } = client(() => json(200, { Items: [], HasMore: false }));
    const controller = new AbortController();
    controller.abort();
    const error = await forms
      .pickerSearch('suppliers', { text: 'a' }, controller.signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('uploads a file as multipart field "file" with its name and the CSRF header', async () => {
    const ref = { Id: 'abc', FileName: 'gmp.pdf', Size: 4, ContentType: 'application/pdf' };
    const parts: File[] = [];
    const fetch: FetchLike = async (input, init) => {
      const request = new Request(input, init);
      expect(request.method).toBe('POST');
      expect(new URL(request.url).pathname).toBe('/api/v1/files');
      expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.headers.get('x-csrf-token')).toBe('t');
      parts.push((await request.formData()).get('file') as File);
      return json(201, ref);
    };
    const forms = createV1Client({ baseUrl: 'http://h', fetch, getCsrfToken: () => 't' }).forms;
    await expect(forms.upload(new File(['%PDF'], 'gmp.pdf', { type: 'application/pdf' }))).resolves.toEqual(
      ref,
    );
    await forms.upload(new Blob(['x']), 'notes.txt');
    expect(parts.map((p) => p.name)).toEqual(['gmp.pdf', 'notes.txt']);
    expect(await parts[0]?.text()).toBe('%PDF');
  });
});
