import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { HttpStatusError, ResponseShapeError } from '../errors';
import { createV1Client } from './client';
import { type SavedFilter, SavedFilterCreateSchema } from './filters';

const saved: SavedFilter = {
  Id: 7,
  WebTemplateNo: 101,
  EntityViewName: 'Suppliers',
  Name: 'German suppliers',
  IsShared: false,
  IsOwn: true,
  OwnerName: 'operator',
  Filter: { Combine: 'and', Conditions: [{ Field: 'Country', Op: 'equals', Value: 'DE' }] },
  Version: 1,
  CreatedBy: 'operator',
  CreatedAt: '2026-11-24T10:00:00.000Z',
  UpdatedBy: 'operator',
  UpdatedAt: '2026-11-24T10:00:00.000Z',
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return { ...fake, v1: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }) };
}

describe('saved filters api', () => {
  it('lists, creates, changes and deletes a form’s saved filters at forms/{no}/filters', async () => {
    const { v1, seen } = client((request) =>
      request.method === 'GET' && !/\/7$/.test(new URL(request.url).pathname)
        ? json(200, { Items: [saved] })
        : json(request.method === 'POST' ? 201 : 200, saved),
    );
    await expect(v1.filters.list(101)).resolves.toEqual({ Items: [saved] });
    await expect(
      v1.filters.create(101, { Name: saved.Name, Filter: saved.Filter, EntityViewName: 'Suppliers' }),
    ).resolves.toEqual(saved);
    await v1.filters.update(101, 7, { Name: 'Renamed', Filter: saved.Filter, Version: 1 });
    await v1.filters.remove(101, 7);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'GET /api/v1/forms/101/filters',
      'POST /api/v1/forms/101/filters',
      'PUT /api/v1/forms/101/filters/7',
      'DELETE /api/v1/forms/101/filters/7',
    ]);
    expect(seen[2]?.headers.get('x-csrf-token')).toBe('t');
  });

  it('refuses an answer whose filter is not a search filter', async () => {
    const { v1 } = client(() =>
      json(200, { Items: [{ ...saved, Filter: { Combine: 'xor', Conditions: [] } }] }),
    );
    await expect(v1.filters.list(101)).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('passes a 400 with the condition issues on as an HttpStatusError', async () => {
    const body = {
      Message: 'Invalid request: Filter.Conditions.0: Enter a date as yyyy-MM-dd.',
      Code: 'VALIDATION',
      Issues: [
        {
          code: 'invalid_condition',
          path: ['Filter', 'Conditions', 0],
          message: 'Enter a date as yyyy-MM-dd.',
        },
      ],
    };
    const { v1 } = client(() => json(400, body));
    const error = await v1.filters.create(103, { Name: 'x', Filter: saved.Filter }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(400);
  });

  it('asks for a name and refuses unknown fields in a new filter', () => {
    expect(SavedFilterCreateSchema.safeParse({ Name: '  ', Filter: saved.Filter }).success).toBe(false);
    expect(SavedFilterCreateSchema.safeParse({ Name: 'a', Filter: saved.Filter, Owner: 1 }).success).toBe(
      false,
    );
  });
});
