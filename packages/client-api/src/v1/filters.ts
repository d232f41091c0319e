import * as z from 'zod/mini';
import { SearchFilterSchema } from '../search/search-query';
import type { V1Request } from './request';

/**
 * Saved filters of the entity-view filter editor: conditions a user named and saved for one search
 * form, private to them or (supervisors only) shared with everyone, picked for the grid by id.
 */

const FilterName = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(100));

/** One saved filter as its reader may see it (a filter naming a field hidden for them is never sent). */
export const SavedFilterSchema = z.object({
  Id: z.int().check(z.positive()),
  WebTemplateNo: z.int().check(z.positive()),
  /** The entity view it was saved from (the editor's `EntityViewName`); may be empty. */
  EntityViewName: z.string(),
  Name: z.string(),
  /** Shared with every user of the form (only supervisors save these). */
  IsShared: z.boolean(),
  /** The reader owns it (and may change or delete it). */
  IsOwn: z.boolean(),
  OwnerName: z.string(),
  Filter: SearchFilterSchema,
  /** Sent back with a change: a change from an older version is refused (409 `VERSION_CONFLICT`). */
  Version: z.int().check(z.positive()),
  CreatedBy: z.string(),
  CreatedAt: z.iso.datetime(),
  UpdatedBy: z.string(),
  UpdatedAt: z.iso.datetime(),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;

/** `GET forms/{no}/filters` answer: the reader's own filters and the shared ones, by name. */
export const SavedFilterListSchema = z.object({ Items: z.array(SavedFilterSchema) });
export type SavedFilterList = z.infer<typeof SavedFilterListSchema>;

/** `POST forms/{no}/filters` body. */
export const SavedFilterCreateSchema = z.strictObject({
  Name: FilterName,
  /** @default false */
  IsShared: z.optional(z.boolean()),
  /** @default '' */
  EntityViewName: z.optional(z.string().check(z.maxLength(200))),
  Filter: SearchFilterSchema,
});
export type SavedFilterCreate = z.infer<typeof SavedFilterCreateSchema>;

/** `PUT forms/{no}/filters/{id}` body: the whole filter again and the version it was read at. */
export const SavedFilterUpdateSchema = z.strictObject({
  Name: FilterName,
  /** @default false */
  IsShared: z.optional(z.boolean()),
  Filter: SearchFilterSchema,
  Version: z.int().check(z.positive()),
});
export type SavedFilterUpdate = z.infer<typeof SavedFilterUpdateSchema>;

/** The saved filters resource of the v1 API. */
export interface FiltersApi {
  /** The reader's own and the shared saved filters of a search form. */
  list(webTemplateNo: number, options?: { signal?: AbortSignal }): Promise<SavedFilterList>;
  /** Saves a new filter; 400 `VALIDATION` with issues at `['Filter','Conditions',i]` for a bad condition. */
  create(webTemplateNo: number, body: SavedFilterCreate): Promise<SavedFilter>;
  /** Changes a filter; 409 `VERSION_CONFLICT` when it changed since `Version`. */
  update(webTemplateNo: number, id: number, body: SavedFilterUpdate): Promise<SavedFilter>;
  /** Deletes a filter and answers it as it was. */
  remove(webTemplateNo: number, id: number): Promise<SavedFilter>;
}

/** Builds the saved filters resource on a {@link V1Request}. */
export function createFiltersApi(request: V1Request): FiltersApi {
  const filters = (no: number) => `forms/${encodeURIComponent(no)}/filters`;
  return {
    list: (no, options = {}) =>
      request(SavedFilterListSchema, filters(no), options.signal ? { signal: options.signal } : {}),
    create: (no, body) => request(SavedFilterSchema, filters(no), { method: 'POST', json: body }),
    update: (no, id, body) =>
      request(SavedFilterSchema, `${filters(no)}/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
    remove: (no, id) =>
      request(SavedFilterSchema, `${filters(no)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}
