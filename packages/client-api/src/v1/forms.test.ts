import { describe, expect, it } from 'vitest';
import { HttpStatusError, NetworkError } from '../errors';
import type { FetchLike } from '../http';
import { createV1Client } from './client';
import { isVersionConflictError, VersionConflictError } from './forms';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

function fakeFetch(answer: (request: Request) => Response) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    return answer(request);
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
  it('reads a record version with ?version= only when one is asked for', async () => {
    const { forms, seen } = client(() => json(200, record(3, { Name: 'Atlas' })));
    await expect(forms.record(102, 17)).resolves.toMatchObject({ Version: 3, Values: { Name: 'Atlas' } });
    await forms.record(102, 17, { version: 2 });
    expect(seen.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      '/api/v1/forms/102/records/17',
      '/api/v1/forms/102/records/17?version=2',
    ]);
  });

  it('sends search filters by name, a picker by its Id, and leaves empty ones out', async () => {
    const { forms, seen } = client(() => json(200, { Rows: [], Page: 1, PageSize: 10, Total: 0 }));
    await forms.search(101, {
      text: 'atl',
      page: 1,
      pageSize: 10,
      filters: { Status: 'approved', Country: '', Supplier: { Id: '5', Text: 'Atlas' }, Rating: null },
    });
    const params = Object.fromEntries(seen[0]?.url.searchParams ?? []);
    expect(seen[0]?.url.pathname).toBe('/api/v1/forms/101/search');
    expect(params).toEqual({ text: 'atl', page: '1', pageSize: '10', Status: 'approved', Supplier: '5' });
  });

  it('creates with POST and updates with PUT carrying the version, the values and the audit', async () => {
    const { forms, seen } = client((request) =>
      json(request.method === 'POST' ? 201 : 200, record(request.method === 'POST' ? 1 : 4, {})),
    );
    await forms.create(102, { Values: { Name: 'New' } });
    const audit = { AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'typo' };
    await forms.update(103, 17, { Version: 3, Values: { Severity: 'major' }, Audit: audit });
    expect(seen.map((s) => [s.method, s.url.pathname, JSON.parse(s.body)])).toEqual([
      ['POST', '/api/v1/forms/102/records', { Values: { Name: 'New' } }],
      ['PUT', '/api/v1/forms/103/records/17', { Version: 3, Values: { Severity: 'major' }, Audit: audit }],
    ]);
    expect(seen[1]?.headers.get('x-csrf-token')).toBe('t');
  });

  it('turns a stale update into a VersionConflictError with typed access to the current record', async () => {
    const current = record(5, { Name: 'Changed elsewhere' });
    const { forms } = client(() =>
      json(409, { Message: 'The record was changed', Code: 'VERSION_CONFLICT', Current: current }),
    );
    const error = await forms
      .update(102, 17, { Version: 3, Values: { Name: 'Mine' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VersionConflictError);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(isVersionConflictError(error)).toBe(true);
    expect((error as VersionConflictError).current).toEqual(current);
    expect((error as VersionConflictError).status).toBe(409);
    const removed = await forms.remove(102, 17, { Version: 3 }).catch((e: unknown) => e);
    expect(isVersionConflictError(removed)).toBe(true);
  });

  it('leaves other write failures as HttpStatusError with their issues', async () => {
    const body = {
      Message: 'Invalid request: Values.Name: Required',
      Code: 'VALIDATION',
      Issues: [{ code: 'mandatory', path: ['Values', 'Name'], message: 'Required' }],
    };
    const { forms } = client(() => json(400, body));
    const error = await forms.update(102, 17, { Version: 3, Values: { Name: '' } }).catch((e: unknown) => e);
    expect(isVersionConflictError(error)).toBe(false);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).body?.Issues?.[0]?.path).toEqual(['Values', 'Name']);
    // a 409 without the conflict body stays a plain HttpStatusError
    const other = await client(() => json(409, { Message: 'x', Code: 'OTHER' }))
      .forms.update(102, 17, { Version: 3, Values: {} })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(HttpStatusError);
    expect(isVersionConflictError(other)).toBe(false);
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
