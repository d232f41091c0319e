import * as z from 'zod/mini';
import type { V1Request } from './request';

/**
 * The designers' management of saved filters (issue 16 item 4, `designer/filters…`, the
 * `design` role): every user's saved filters of a search form, renamed, shared, unshared or
 * deleted with the filter routes' rules and row versions, each change kept in an audit trail.
 */

const Id = z.int().check(z.positive());

/** One saved filter as a designer sees it: whoever owns it, and the fields it names. */
export const ManagedFilterSchema = z.strictObject({
  Id,
  WebTemplateNo: Id,
  Name: z.string(),
  OwnerName: z.string(),
  IsShared: z.boolean(),
  /** The fields its conditions name (empty for a filter this server cannot read). */
  Fields: z.array(z.string()),
  /** Send it back with a change: a change from an older version is refused (409 `VERSION_CONFLICT`). */
  Version: Id,
  UpdatedBy: z.string(),
  UpdatedAt: z.string(),
});
export type ManagedFilter = z.infer<typeof ManagedFilterSchema>;

export const ManagedFilterListSchema = z.strictObject({ Items: z.array(ManagedFilterSchema) });
export type ManagedFilterList = z.infer<typeof ManagedFilterListSchema>;

/** `PATCH designer/filters/{no}/{id}`: one change, from the version read. */
export const ManagedFilterChangeSchema = z.strictObject({
  Version: Id,
  /** A new name (the owner's names on a form are unique). */
  Name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(100))),
  /** Share with everyone, or make private to its owner again (sharing: supervisors only). */
  IsShared: z.optional(z.boolean()),
});
export type ManagedFilterChange = z.infer<typeof ManagedFilterChangeSchema>;

/** One entry of the trail of designers' changes to a form's saved filters. */
export const FilterChangeSchema = z.strictObject({
  Id,
  FilterId: Id,
  WebTemplateNo: Id,
  Change: z.enum(['rename', 'share', 'unshare', 'delete']),
  OwnerName: z.string(),
  NameBefore: z.string(),
  NameAfter: z.nullable(z.string()),
  ChangedBy: z.string(),
  ChangedAt: z.string(),
});
export type FilterChange = z.infer<typeof FilterChangeSchema>;
export const FilterChangeListSchema = z.strictObject({ Items: z.array(FilterChangeSchema) });
export type FilterChangeList = z.infer<typeof FilterChangeListSchema>;

type Signal = { signal?: AbortSignal };

/** `designer/filters…` of the v1 API. */
export interface FilterManagerApi {
  /** `GET designer/filters/{no}`: every saved filter of the form, whoever owns it. */
  list(webTemplateNo: number, options?: Signal): Promise<ManagedFilterList>;
  /** `PATCH designer/filters/{no}/{id}`: rename and/or share/unshare; 409 `VERSION_CONFLICT` on a stale version. */
  change(webTemplateNo: number, id: number, body: ManagedFilterChange): Promise<ManagedFilter>;
  /** `DELETE designer/filters/{no}/{id}?version=`: deletes it; answers it as it was. */
  remove(webTemplateNo: number, id: number, version: number): Promise<ManagedFilter>;
  /** `GET designer/filters/{no}/changes`: the trail, newest first. */
  changes(webTemplateNo: number, options?: Signal): Promise<FilterChangeList>;
}

/** Builds the filter manager resource on a {@link V1Request}. */
export function createFilterManagerApi(request: V1Request): FilterManagerApi {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  const base = (no: number) => `designer/filters/${encodeURIComponent(no)}`;
  return {
    list: (no, options) => request(ManagedFilterListSchema, base(no), signalOf(options)),
    change: (no, id, body) =>
      request(ManagedFilterSchema, `${base(no)}/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    remove: (no, id, version) =>
      request(ManagedFilterSchema, `${base(no)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        searchParams: { version },
      }),
    changes: (no, options) => request(FilterChangeListSchema, `${base(no)}/changes`, signalOf(options)),
  };
}
