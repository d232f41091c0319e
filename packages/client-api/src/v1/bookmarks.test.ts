import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { HttpStatusError, ResponseShapeError } from '../errors';
import { createV1Client } from './client';

const bookmark = {
  TableId: 102,
  RecordId: 17,
  Title: 'Alpine Labs AG 017',
  FormTitle: 'Supplier',
  Url: '/form?WebTemplateNo=102&UGoToItemNo=17',
  CreatedAt: '2026-11-24T10:00:00.000Z',
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return { ...fake, bookmarks: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch }).bookmarks };
}

describe('bookmarks api', () => {
  it('lists the user’s bookmarks', async () => {
    const { bookmarks, seen } = client(() => json(200, { Items: [bookmark] }));
    await expect(bookmarks.list()).resolves.toEqual({ Items: [bookmark] });
    expect(seen[0]?.url.pathname).toBe('/api/v1/bookmarks');
    expect(seen[0]?.method).toBe('GET');
  });

  it('reads whether one record is bookmarked', async () => {
    const { bookmarks, seen } = client(() => json(200, { TableId: 102, RecordId: 17, Selected: true }));
    await expect(bookmarks.get(102, 17)).resolves.toEqual({ TableId: 102, RecordId: 17, Selected: true });
    expect(seen[0]?.url.pathname).toBe('/api/v1/bookmarks/102/17');
  });

  it('answers 404 for a record the user cannot see as an HttpStatusError', async () => {
    const { bookmarks } = client(() =>
      json(404, { Message: 'No record 9 on form 102 to bookmark.', Code: 'NOT_FOUND' }),
    );
    await expect(bookmarks.get(102, 9)).rejects.toBeInstanceOf(HttpStatusError);
  });

  it('refuses a bookmark with fields it does not know (strict)', async () => {
    const { bookmarks } = client(() => json(200, { Items: [{ ...bookmark, Extra: 1 }] }));
    await expect(bookmarks.list()).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('refuses a bookmark without its URL', async () => {
    const { Url: _url, ...withoutUrl } = bookmark;
    const { bookmarks } = client(() => json(200, { Items: [withoutUrl] }));
    await expect(bookmarks.list()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
