import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { ResponseShapeError } from '../errors';
import { createV1Client } from './client';

const event = {
  Id: 9,
  Kind: 'signature_failed',
  Cause: 'password',
  UserName: 'supervisor',
  SessionId: 'a1b2',
  Address: '127.0.0.1',
  AtUtc: '2026-11-24T10:00:00.000Z',
  WebTemplateNo: 103,
  RecordId: null,
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return { ...fake, v1: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }) };
}

describe('security events api', () => {
  it('lists a page by key: the first page without beforeId, the next with the previous NextBeforeId', async () => {
    const { v1, seen } = client(() => json(200, { Items: [event], NextBeforeId: 9 }));
    await expect(v1.securityEvents.list({ limit: 1 })).resolves.toEqual({ Items: [event], NextBeforeId: 9 });
    await v1.securityEvents.list({ limit: 1, beforeId: 9 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/security-events?limit=1',
      'GET /api/v1/security-events?beforeId=9&limit=1',
    ]);
  });

  it('refuses an answer with an unknown kind of event', async () => {
    const { v1 } = client(() => json(200, { Items: [{ ...event, Kind: 'other' }], NextBeforeId: null }));
    await expect(v1.securityEvents.list()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
