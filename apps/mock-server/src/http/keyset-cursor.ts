import { AppError } from '../errors/app-error';

/**
 * The opaque `cursor` of a keyset-paged list: the sort key of the last item of the page, as
 * base64url JSON. Opaque to clients; a cursor this server did not write is a 400.
 */
export const writeCursor = (parts: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

/** The position a cursor holds, read by `parse` (null for a shape it does not take); 400 `VALIDATION` otherwise. */
export function readCursor<T>(cursor: string, parse: (parts: readonly unknown[]) => T | null): T {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const position = Array.isArray(value) ? parse(value) : null;
    if (position !== null) return position;
  } catch {
    // answered below
  }
  throw new AppError({
    status: 400,
    code: 'VALIDATION',
    message: 'Invalid request: cursor: not a cursor of this list',
    issues: [{ code: 'invalid_cursor', path: ['cursor'], message: 'Not a cursor of this list' }],
  });
}
