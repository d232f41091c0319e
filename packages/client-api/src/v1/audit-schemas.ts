import * as z from 'zod/mini';
import { AuditEventSchema } from './record-schemas';

/**
 * Wire schemas of the supervisors' search across every record's audit events
 * (`GET audit`). Shared by the server and the clients.
 */

/** One event of the cross-record search: an {@link AuditEventSchema} with the record it belongs to. */
export const AuditSearchItemSchema = z.extend(AuditEventSchema, {
  RecordId: z.int().check(z.positive()),
  Entity: z.string(),
  /** The record form the asking user opens the record with (hidden elements are those of this form). */
  WebTemplateNo: z.int().check(z.positive()),
});
export type AuditSearchItem = z.infer<typeof AuditSearchItemSchema>;

/** `GET audit` answer: one page of events, newest first. */
export const AuditSearchPageSchema = z.object({
  Items: z.array(AuditSearchItemSchema),
  /** Pass as `cursor` for the next (older) page; `null` on the last page. */
  NextCursor: z.nullable(z.string()),
});
export type AuditSearchPage = z.infer<typeof AuditSearchPageSchema>;
