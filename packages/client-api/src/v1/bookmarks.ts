import * as z from 'zod/mini';
import type { V1Request } from './request';

/**
 * Bookmarks (spec §3: a table id and a record id): records a user marked on their record form.
 * The table id is the record form's `WebTemplateNo`. Toggled with the callback command
 * `ToggleBookmarkSelectedRecord` (`CallbackClient.toggleBookmark`); read here.
 */

const Id = z.int().check(z.positive());

/** One bookmark of the user, of a record they may still see. */
export const BookmarkSchema = z.strictObject({
  /** The record form's `WebTemplateNo`. */
  TableId: Id,
  RecordId: Id,
  /** The record's title now (a supplier's name, a batch number…). */
  Title: z.string(),
  /** The title of the form it opens in. */
  FormTitle: z.string(),
  /** The host route that opens the record: `/form?WebTemplateNo={TableId}&UGoToItemNo={RecordId}`. */
  Url: z.string(),
  CreatedAt: z.iso.datetime(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** `GET bookmarks`: the user's bookmarks, newest first. */
export const BookmarkListSchema = z.strictObject({ Items: z.array(BookmarkSchema) });
export type BookmarkList = z.infer<typeof BookmarkListSchema>;

/** Whether one record is bookmarked: `GET bookmarks/{tableId}/{recordId}`, and the toggle's answer. */
export const BookmarkStateSchema = z.strictObject({
  TableId: Id,
  RecordId: Id,
  Selected: z.boolean(),
});
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;

/** The bookmarks resource of the v1 API. */
export interface BookmarksApi {
  /** `GET bookmarks`: the user's bookmarks of records they may still see, newest first. */
  list(options?: { signal?: AbortSignal }): Promise<BookmarkList>;
  /**
   * `GET bookmarks/{tableId}/{recordId}`: whether the record is bookmarked; 404 `NOT_FOUND` for
   * a record the user cannot see (unknown, deleted, or on a form they may not open).
   */
  get(tableId: number, recordId: number, options?: { signal?: AbortSignal }): Promise<BookmarkState>;
}

/** Builds the bookmarks resource on a {@link V1Request}. */
export function createBookmarksApi(request: V1Request): BookmarksApi {
  return {
    list(options = {}) {
      return request(BookmarkListSchema, 'bookmarks', options.signal ? { signal: options.signal } : {});
    },
    get(tableId, recordId, options = {}) {
      return request(
        BookmarkStateSchema,
        `bookmarks/${encodeURIComponent(String(tableId))}/${encodeURIComponent(String(recordId))}`,
        options.signal ? { signal: options.signal } : {},
      );
    },
  };
}
