import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { HttpStatusError, NetworkError } from '../errors';
import { createV1Client } from './client';
import { isVersionConflictError, VersionConflictError } from './records';

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
    records: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }).records,
  };
}

describe('records api', () => {
  it('reads a record version with ?version= only when one is asked for', async () => {
    const { records, seen } = client(() => json(200, record(3, { Name: 'Atlas' })));
    await expect(records.get(102, 17)).resolves.toMatchObject({ Version: 3, Values: { Name: 'Atlas' } });
    await records.get(102, 17, { version: 2 });
    expect(seen.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      '/api/v1/forms/102/records/17',
      '/api/v1/forms/102/records/17?version=2',
    ]);
  });

  it('sends search filters by name, a picker by its Id, and leaves empty ones out', async () => {
    const { records, seen } = client(() => json(200, { Rows: [], Page: 1, PageSize: 10, Total: 0 }));
    await records.search(101, {
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
    const { records, seen } = client((request) =>
      json(request.method === 'POST' ? 201 : 200, record(request.method === 'POST' ? 1 : 4, {})),
    );
    await records.create(102, { Values: { Name: 'New' } });
    const audit = { AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'typo' };
    await records.update(103, 17, { Version: 3, Values: { Severity: 'major' }, Audit: audit });
    expect(seen.map((s) => [s.method, s.url.pathname, JSON.parse(s.body)])).toEqual([
      ['POST', '/api/v1/forms/102/records', { Values: { Name: 'New' } }],
      ['PUT', '/api/v1/forms/103/records/17', { Version: 3, Values: { Severity: 'major' }, Audit: audit }],
    ]);
    expect(seen[1]?.headers.get('x-csrf-token')).toBe('t');
  });

  it('turns a stale update into a VersionConflictError with typed access to the current record', async () => {
    const current = record(5, { Name: 'Changed elsewhere' });
    const { records } = client(() =>
      json(409, { Message: 'The record was changed', Code: 'VERSION_CONFLICT', Current: current }),
    );
    const error = await records
      .update(102, 17, { Version: 3, Values: { Name: 'Mine' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VersionConflictError);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(isVersionConflictError(error)).toBe(true);
    expect((error as VersionConflictError).current).toEqual(current);
    expect((error as VersionConflictError).status).toBe(409);
    const removed = await records.remove(102, 17, { Version: 3 }).catch((e: unknown) => e);
    expect(isVersionConflictError(removed)).toBe(true);
  });

  it('leaves other write failures as HttpStatusError with their issues', async () => {
    const body = {
      Message: 'Invalid request: Values.Name: Required',
      Code: 'VALIDATION',
      Issues: [{ code: 'mandatory', path: ['Values', 'Name'], message: 'Required' }],
    };
    const { records } = client(() => json(400, body));
    const error = await records
      .update(102, 17, { Version: 3, Values: { Name: '' } })
      .catch((e: unknown) => e);
    expect(isVersionConflictError(error)).toBe(false);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).body?.Issues?.[0]?.path).toEqual(['Values', 'Name']);
    // a 409 without the conflict body stays a plain HttpStatusError
    const other = await client(() => json(409, { Message: 'x', Code: 'OTHER' }))
      .records.update(102, 17, { Version: 3, Values: {} })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(HttpStatusError);
    expect(isVersionConflictError(other)).toBe(false);
  });

  it('reads at a timepoint with ?Timepoint= and X-Procedo-Timepoint, a Date as ISO UTC', async () => {
    const { records, seen } = client((request) =>
      request.url.includes('/search')
        ? json(200, { Rows: [], Page: 0, PageSize: 25, Total: 0 })
        : json(200, record(2, {})),
    );
    await records.get(102, 17, { timepoint: '2026-03-01 09:30' });
    await records.get(102, 17, { timepoint: new Date(Date.UTC(2026, 2, 1, 9, 30, 12, 345)) });
    await records.search(101, { text: 'a', timepoint: '2026-03-01T09:30:12Z' });
    expect(
      seen.map((s) => [s.url.searchParams.get('Timepoint'), s.headers.get('x-procedo-timepoint')]),
    ).toEqual([
      ['2026-03-01 09:30', '2026-03-01 09:30'],
      ['2026-03-01T09:30:12.345Z', '2026-03-01T09:30:12.345Z'],
      ['2026-03-01T09:30:12Z', '2026-03-01T09:30:12Z'],
    ]);
    // Without a timepoint, neither is sent.
    await records.get(102, 17);
    expect(seen[3]?.url.search).toBe('');
    expect(seen[3]?.headers.has('x-procedo-timepoint')).toBe(false);
  });

  it.each([
    '2026-03-01T09:30',
    '2026-03-01 09:30:00',
    '2026-02-30 09:30',
    '2026-03-01 24:00',
    '2026-03-01T09:30:12+01:00',
    'yesterday',
  ])('refuses the timepoint %j before sending anything', async (timepoint) => {
    const { records, seen } = client(() => json(200, record(2, {})));
    await expect(records.get(102, 17, { timepoint })).rejects.toThrow(RangeError);
    await expect(records.audit(102, 17, { timepoint })).rejects.toThrow(/Timepoint/);
    expect(seen).toEqual([]);
  });

  it('reads a page of the audit trail and its verification, at a timepoint too', async () => {
    const event = {
      Seq: 2,
      Kind: 'update',
      Version: 2,
      UserName: 'operator',
      LegalName: 'Olive Operator',
      AtUtc: '2026-03-01T09:30:12.345Z',
      Changes: [{ Name: 'Severity', Old: 'Minor', New: 'Major' }],
      Reason: 'Reassessed',
      Signature: 'Olive Operator',
      Hash: 'ab12',
    };
    const { records, seen } = client((request) =>
      request.url.includes('/verify')
        ? json(200, { Intact: false, FirstBadSeq: 2 })
        : json(200, { Items: [event], NextAfterSeq: 2 }),
    );
    await expect(records.audit(103, 17, { afterSeq: 1, limit: 1 })).resolves.toEqual({
      Items: [event],
      NextAfterSeq: 2,
    });
    await expect(records.verifyAudit(103, 17, { timepoint: '2026-03-01 09:30' })).resolves.toEqual({
      Intact: false,
      FirstBadSeq: 2,
    });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${decodeURIComponent(s.url.search)}`)).toEqual([
      'GET /api/v1/forms/103/records/17/audit?afterSeq=1&limit=1',
      'GET /api/v1/forms/103/records/17/audit/verify?Timepoint=2026-03-01+09:30',
    ]);
  });

  it('reads the newest signed event, at a timepoint too, and none', async () => {
    const signed = {
      Seq: 4,
      Kind: 'sign',
      Version: 2,
      UserName: 'supervisor',
      LegalName: 'Sam Supervisor',
      AtUtc: '2026-03-01T09:30:12.345Z',
      Changes: [],
      Reason: 'Product affected',
      Signature: 'Sam Supervisor',
      Hash: 'cd34',
    };
    const { records, seen } = client((request) =>
      json(200, { Event: request.url.includes('Timepoint') ? null : signed }),
    );
    await expect(records.lastSignature(103, 17)).resolves.toEqual({ Event: signed });
    await expect(records.lastSignature(103, 17, { timepoint: '2026-03-01 09:30' })).resolves.toEqual({
      Event: null,
    });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${decodeURIComponent(s.url.search)}`)).toEqual([
      'GET /api/v1/forms/103/records/17/audit/last-signature',
      'GET /api/v1/forms/103/records/17/audit/last-signature?Timepoint=2026-03-01+09:30',
    ]);
  });

  it('refuses an audit event of an unknown kind as a ResponseShapeError', async () => {
    const { records } = client(() =>
      json(200, {
        Items: [
          {
            Seq: 1,
            Kind: 'edit',
            Version: 1,
            UserName: 'operator',
            LegalName: 'Olive Operator',
            AtUtc: '2026-03-01T09:30:12.345Z',
            Changes: [],
            Reason: null,
            Signature: null,
            Hash: 'ab12',
          },
        ],
      }),
    );
    await expect(records.audit(103, 17)).rejects.toMatchObject({ kind: 'ResponseShapeError' });
  });

  it('abandons a read when its signal aborts', async () => {
    const { records } = client(() => json(200, record(1, {})));
    const controller = new AbortController();
    controller.abort();
    await expect(records.get(102, 17, { signal: controller.signal })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('records api: keyset search pages', () => {
  it('sends the grid query in its URL form with the cursor, limit, count and Timepoint, and parses the page', async () => {
    const page = {
      Rows: [{ Id: 3, Values: { Name: 'Atlas' } }],
      NextCursor: 'abc',
      HasMore: true,
      Total: 9,
      TotalIsExact: false,
    };
    const { records, seen } = client(() => json(200, page));
    const where = {
      Combine: 'and' as const,
      Conditions: [{ Field: 'Status', Op: 'in' as const, Values: ['Approved'] }],
    };
    await expect(
      records.searchPage(101, {
        text: 'atl',
        sort: { Field: 'Country', Direction: 'desc' },
        where,
        filterIds: [4, 5],
        after: 'xyz',
        limit: 10,
        count: 'exact',
        timepoint: '2026-03-01T09:30:12Z',
      }),
    ).resolves.toEqual(page);
    expect(seen[0]?.url.pathname).toBe('/api/v1/forms/101/search/page');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({
      text: 'atl',
      sort: '-Country',
      where: JSON.stringify(where),
      filterIds: '4,5',
      after: 'xyz',
      limit: '10',
      count: 'exact',
      Timepoint: '2026-03-01T09:30:12Z',
    });
    await records.searchPage(101);
    expect(seen[1]?.url.search).toBe('');
  });

  it('rejects a page that is not shaped as promised', async () => {
    const { records } = client(() => json(200, { Rows: [], HasMore: 'yes' }));
    await expect(records.searchPage(101)).rejects.toThrow();
  });
});
