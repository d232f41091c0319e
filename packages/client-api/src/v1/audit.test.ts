import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { ResponseShapeError } from '../errors';
import { createV1Client } from './client';

const event = {
  RecordId: 7,
  Entity: 'deviation',
  WebTemplateNo: 103,
  Seq: 2,
  Kind: 'sign',
  Version: 1,
  UserName: 'supervisor',
  LegalName: 'Sam Supervisor',
  AtUtc: '2026-11-23T10:00:00.000Z',
  Changes: [],
  Reason: 'Opened',
  Signature: 'Sam Supervisor',
  Hash: 'h',
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    audit: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }).audit,
  };
}

describe('audit api', () => {
  it('searches every record’s events with the filters given, the cursor and the timepoint', async () => {
    const { audit, seen } = client(() => json(200, { Items: [event], NextCursor: 'abc' }));
    await expect(
      audit.search({
        userName: ' operator ',
        entity: 'deviation',
        from: '2026-11-01 00:00',
        to: '',
        cursor: 'xyz',
        limit: 20,
        timepoint: '2026-11-24T00:00:00.000Z',
      }),
    ).resolves.toEqual({ Items: [event], NextCursor: 'abc' });
    expect(seen[0]?.url.pathname).toBe('/api/v1/audit');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({
      UserName: 'operator',
      Entity: 'deviation',
      From: '2026-11-01 00:00',
      cursor: 'xyz',
      limit: '20',
      Timepoint: '2026-11-24T00:00:00.000Z',
    });
    expect(seen[0]?.headers.get('x-procedo-timepoint')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('refuses an answer that is not a page of events', async () => {
    const { audit } = client(() => json(200, { Items: [{ ...event, RecordId: 'seven' }], NextCursor: null }));
    await expect(audit.search()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
