import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { ResponseShapeError } from '../errors';
import { createV1Client } from './client';

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return { ...fake, v1: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }) };
}

const items = [
  { Code: 'en', Name: 'English', IsDefault: true },
  { Code: 'de', Name: 'Deutsch', IsDefault: false },
];

describe('languages api', () => {
  it('lists the database languages from GET languages', async () => {
    const { v1, seen } = client(() => json(200, { Items: items }));
    await expect(v1.languages.list()).resolves.toEqual(items);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['GET /api/v1/languages']);
  });

  it('refuses a language without its default flag', async () => {
    const { v1 } = client(() => json(200, { Items: [{ Code: 'en', Name: 'English' }] }));
    await expect(v1.languages.list()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
