import { z } from 'zod';

/**
 * Where a keyset page ends: the sort key and id of its last row, and the sort it was read in
 * (`-Field`, `Field`, or none for title order) so a cursor of another sort is refused.
 */
export interface SearchCursor {
  key: string | number | null;
  id: number;
  sort?: string;
}

const CursorJson = z.strictObject({
  k: z.union([z.string().max(1000), z.number().finite(), z.null()]),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  s: z.string().max(70).optional(),
});

/** The opaque `after` of the next page: base64url of `{"k":key,"i":id,"s":sort}`. */
export function encodeCursor(cursor: SearchCursor): string {
  const json = { k: cursor.key, i: cursor.id, ...(cursor.sort ? { s: cursor.sort } : {}) };
  return Buffer.from(JSON.stringify(json)).toString('base64url');
}

/**
 * `after` in a query: validated strictly, so a cursor that was altered or made up is a 400 naming
 * `after` rather than a page from a position no page ever ended at.
 */
export const CursorParam = z
  .string()
  .max(1500)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use the NextCursor of the previous page.')
  .transform((text, ctx): SearchCursor => {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    } catch {
      decoded = undefined;
    }
    const parsed = CursorJson.safeParse(decoded);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Use the NextCursor of the previous page.' });
      return z.NEVER;
    }
    const { k: key, i: id, s: sort } = parsed.data;
    return sort === undefined ? { key, id } : { key, id, sort };
  });
