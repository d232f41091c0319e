import { z } from 'zod';

/** Where a keyset page ends: the search key and id of its last row. */
export interface SearchCursor {
  key: string;
  id: number;
}

const CursorJson = z.strictObject({
  k: z.string().max(1000),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The opaque `after` of the next page: base64url of `{"k":key,"i":id}`. */
export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify({ k: cursor.key, i: cursor.id })).toString('base64url');
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
    return { key: parsed.data.k, id: parsed.data.i };
  });
