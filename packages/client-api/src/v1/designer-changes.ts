import * as z from 'zod/mini';
import { VersionStamp } from './designer-versions';
import type { V1Request } from './request';

/**
 * The audit trail of definition changes (`GET designer/changes`, issue 16): every published
 * version of every kind of definition, newest first, keyset-paged. Needs the `design` role.
 */

/** @default page size of `designer/changes` */
export const CHANGES_PAGE_DEFAULT = 50;
/** The largest page `designer/changes` answers. */
export const CHANGES_PAGE_MAX = 200;

/** The kinds of versioned definition the designers publish. */
export const DefinitionKindSchema = z.enum(['form', 'command', 'navigation', 'datasource']);
export type DefinitionKind = z.infer<typeof DefinitionKindSchema>;

/** One published version: what, which one, who, when and why. */
export const DefinitionAuditEntrySchema = z.strictObject({
  Kind: DefinitionKindSchema,
  /** The definition's number — a form's `WebTemplateNo`, a command's id, a navigation's profile id — or a datasource's entity. */
  Key: z.union([z.int().check(z.positive()), z.string()]),
  /** Its name as that version had it (a form's title, a command's name), the navigation's profile's name, or the datasource's entity. */
  Name: z.string(),
  ...VersionStamp,
});
export type DefinitionAuditEntry = z.infer<typeof DefinitionAuditEntrySchema>;

/** A page of the audit trail; `NextCursor` is null on the last page. */
export const DefinitionAuditPageSchema = z.strictObject({
  Items: z.array(DefinitionAuditEntrySchema),
  NextCursor: z.nullable(z.string()),
});
export type DefinitionAuditPage = z.infer<typeof DefinitionAuditPageSchema>;

/** What `designer.changes` asks for. */
export interface DefinitionAuditQuery {
  /** Only this kind. @default every kind */
  kind?: DefinitionKind;
  /** The previous page's `NextCursor`. */
  cursor?: string;
  /** @default {@link CHANGES_PAGE_DEFAULT} */
  limit?: number;
  signal?: AbortSignal;
}

/** `GET designer/changes?kind=&cursor=&limit=`: a page of the definitions' audit trail, newest first. */
export function definitionChanges(
  request: V1Request,
  query: DefinitionAuditQuery = {},
): Promise<DefinitionAuditPage> {
  const searchParams = new URLSearchParams();
  if (query.kind !== undefined) searchParams.set('kind', query.kind);
  if (query.cursor !== undefined) searchParams.set('cursor', query.cursor);
  if (query.limit !== undefined) searchParams.set('limit', String(query.limit));
  return request(DefinitionAuditPageSchema, 'designer/changes', {
    ...([...searchParams.keys()].length > 0 ? { searchParams } : {}),
    ...(query.signal ? { signal: query.signal } : {}),
  });
}
