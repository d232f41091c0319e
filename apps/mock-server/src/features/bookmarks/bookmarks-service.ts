import type { Bookmark, BookmarkState, FormDefinition } from '@procedo/client-api';
import { AppError, isAppError } from '../../errors/app-error';
import { formAccessOf } from '../forms/form-access';
import type { FormsService } from '../forms/forms-service';
import type { RecordsService } from '../records/records-service';
import type { AuthContext } from '../session/session-service';

/** The most bookmarks one user keeps (docs/protocol.md "Bookmarks"): the list stays one small read. */
export const MAX_BOOKMARKS_PER_USER = 500;

/** The user's bookmarks; see docs/protocol.md "Bookmarks". */
export interface BookmarksService {
  /** The user's bookmarks of records they may still see, newest first. */
  list(auth: AuthContext): Promise<Bookmark[]>;
  /** Whether the record is bookmarked; 404 for a record the user cannot see. */
  get(auth: AuthContext, tableId: number, recordId: number): Promise<BookmarkState>;
  /** Adds or removes the bookmark; 404 (nothing stored) for a record the user cannot see. */
  toggle(auth: AuthContext, tableId: number, recordId: number): Promise<BookmarkState>;
}

/**
 * One answer for every record the user cannot see — unknown, deleted, of another entity, on a
 * form that is not a record form or that their profile may not open — so a bookmark attempt
 * never tells a closed form's records from missing ones.
 */
export const bookmarkNotFound = (tableId: number, recordId: number) =>
  new AppError({
    status: 404,
    code: 'NOT_FOUND',
    message: `There is no record ${recordId} on form ${tableId} that you may bookmark.`,
  });

/** The host route that opens a record on its form (CONTRACT routes). */
export const recordUrl = (tableId: number, recordId: number) =>
  `/form?WebTemplateNo=${tableId}&UGoToItemNo=${recordId}`;

/** Creates the {@link BookmarksService} over the forms' and records' own access checks. */
export function createBookmarksService(options: {
  now: () => number;
  forms: FormsService;
  records: RecordsService;
}): BookmarksService {
  const { now, forms, records } = options;

  /** The record as its form shows it to the user, by the record read's own checks; else 404. */
  async function ensureVisible(auth: AuthContext, tableId: number, recordId: number): Promise<void> {
    const safe = (id: number) => Number.isSafeInteger(id) && id > 0;
    if (!safe(tableId) || !safe(recordId)) throw bookmarkNotFound(tableId, recordId);
    try {
      // A search form "opens" a record only through its results: the bookmark names the record form.
      const definition = await forms.loadDefinition(auth.database, tableId);
      if (definition.Kind !== 'record') throw bookmarkNotFound(tableId, recordId);
      // 403 for a form the profile may not open, 404 for a record the form's entity lacks.
      const record = await records.readRecord(auth, tableId, recordId);
      if (record.IsDeleted) throw bookmarkNotFound(tableId, recordId);
    } catch (error) {
      if (isAppError(error) && (error.status === 403 || error.status === 404)) {
        throw bookmarkNotFound(tableId, recordId);
      }
      throw error;
    }
  }

  return {
    async list(auth) {
      const stored = await auth.database.stores.bookmarks.listFor(auth.user.id);
      if (stored.length === 0) return [];
      const mayOpen = await formAccessOf(auth.database, auth.user.profileId);
      const definitions = new Map<number, FormDefinition | null>();
      const definitionOf = async (tableId: number) => {
        if (!definitions.has(tableId)) {
          let definition: FormDefinition | null = null;
          try {
            definition = await forms.loadDefinition(auth.database, tableId);
          } catch (error) {
            if (!(isAppError(error) && error.status === 404)) throw error;
          }
          definitions.set(tableId, definition);
        }
        return definitions.get(tableId) ?? null;
      };
      const items: Bookmark[] = [];
      for (const bookmark of stored) {
        // The same rules as ensureVisible, over the list at once: the form is a record form the
        // profile may open, and the record is of its entity and not deleted.
        if (!mayOpen(bookmark.tableId)) continue;
        const definition = await definitionOf(bookmark.tableId);
        if (definition?.Kind !== 'record') continue;
        if (bookmark.entity !== definition.Entity || bookmark.isDeleted !== false) continue;
        items.push({
          TableId: bookmark.tableId,
          RecordId: bookmark.recordId,
          Title: bookmark.title ?? '',
          FormTitle: definition.Title,
          Url: recordUrl(bookmark.tableId, bookmark.recordId),
          CreatedAt: bookmark.createdAt,
        });
      }
      return items;
    },

    async get(auth, tableId, recordId) {
      await ensureVisible(auth, tableId, recordId);
      const selected = await auth.database.stores.bookmarks.has(auth.user.id, tableId, recordId);
      return { TableId: tableId, RecordId: recordId, Selected: selected };
    },

    async toggle(auth, tableId, recordId) {
      await ensureVisible(auth, tableId, recordId);
      const result = await auth.database.stores.bookmarks.toggle({
        userId: auth.user.id,
        tableId,
        recordId,
        at: new Date(now()).toISOString(),
        limit: MAX_BOOKMARKS_PER_USER,
      });
      if (result === 'full') {
        throw new AppError({
          status: 400,
          code: 'VALIDATION',
          message: `You have ${MAX_BOOKMARKS_PER_USER} bookmarks, the most one user may keep: remove one first.`,
        });
      }
      return { TableId: tableId, RecordId: recordId, Selected: result.selected };
    },
  };
}
