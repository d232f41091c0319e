import type { Bookmark } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { matchBookmarks } from './bookmarks';

const bookmark = (RecordId: number, Title: string, FormTitle = 'Supplier'): Bookmark => ({
  TableId: 102,
  RecordId,
  Title,
  FormTitle,
  Url: `/form?WebTemplateNo=102&UGoToItemNo=${RecordId}`,
  CreatedAt: '2026-11-24T10:00:00.000Z',
});

describe('matchBookmarks', () => {
  const items = [
    bookmark(1, 'Alpine Labs AG 001'),
    bookmark(2, 'Borealis Pharma'),
    bookmark(3, 'B-0042', 'Batch'),
  ];

  it('offers the bookmarks whose title contains the text, ignoring case and spaces around it', () => {
    expect(matchBookmarks(items, '  alpine ').map((b) => b.RecordId)).toEqual([1]);
    expect(matchBookmarks(items, 'PHARMA').map((b) => b.RecordId)).toEqual([2]);
  });

  it('matches the form title too', () => {
    expect(matchBookmarks(items, 'batch').map((b) => b.RecordId)).toEqual([3]);
  });

  it('offers none for an empty text', () => {
    expect(matchBookmarks(items, '   ')).toEqual([]);
  });
});
