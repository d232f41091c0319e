import * as z from 'zod/mini';
import { FieldValueSchema, FieldValuesSchema } from './form-schemas';

/**
 * Wire schemas of records: the versions of a record as read and written, the conflict of a stale
 * write, search results, and the audit trail. Shared by the server and the clients.
 */

/** A record version as read: values of hidden elements are never sent. */
export const RecordSchema = z.object({
  Id: z.int().check(z.positive()),
  Entity: z.string(),
  Version: z.int().check(z.positive()),
  IsDeleted: z.boolean(),
  Values: FieldValuesSchema,
  /** Who saved this version (user name) and when (ISO UTC). */
  UpdatedBy: z.string(),
  UpdatedAt: z.iso.datetime(),
});
export type RecordVersion = z.infer<typeof RecordSchema>;

/**
 * One element's data (spec §7 "element data as JSON"): `Web.Data.XmlOfId` with DataId
 * `<WebTemplateNo>:<record id>:<element Name>` and `ReturnType` `Json`.
 */
export const ElementDataSchema = z.object({ Name: z.string(), Value: FieldValueSchema });
export type ElementData = z.infer<typeof ElementDataSchema>;

/** The audit sign-off a change to an audit-flagged field carries (spec §3 audit form fields). */
export const AuditSignOffSchema = z.strictObject({
  AuditDataChangeESig: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  AuditDataChangeReason: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  /**
   * The signer's password (21 CFR 11.200): needed when the server's `SignatureRequiresPassword`
   * is on, on the first signing of a session (a logon, also the lock screen's, starts one). Checked
   * and dropped: never stored, logged or put in the audit trail.
   */
  AuditDataChangePassword: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
});
/** The signer's legal name and the reason (and, when asked for, the password), sent as `Audit` with a write. */
export type AuditSignOff = z.input<typeof AuditSignOffSchema>;

/** `POST forms/{no}/records` body. */
export const CreateRecordRequestSchema = z.strictObject({
  Values: FieldValuesSchema,
  Audit: z.optional(AuditSignOffSchema),
});

/** `PUT forms/{no}/records/{id}` body: the version the edit started from, and the changed values. */
export const UpdateRecordRequestSchema = z.strictObject({
  Version: z.int().check(z.positive()),
  Values: FieldValuesSchema,
  Audit: z.optional(AuditSignOffSchema),
});

/** `DELETE forms/{no}/records/{id}` body. */
export const DeleteRecordRequestSchema = z.strictObject({
  Version: z.int().check(z.positive()),
  Audit: z.optional(AuditSignOffSchema),
});

/** 409 body of a stale update: the current values beside the error. */
export const ConflictBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('VERSION_CONFLICT'),
  Current: RecordSchema,
});

/** `GET forms/{no}/search?…` answer: one page of rows of the result list. */
export const SearchResultSchema = z.object({
  Rows: z.array(z.object({ Id: z.int().check(z.positive()), Values: FieldValuesSchema })),
  Page: z.int().check(z.nonnegative()),
  PageSize: z.int().check(z.positive()),
  Total: z.nullable(z.int().check(z.nonnegative())),
});

/**
 * `GET forms/{no}/search/page?…` answer: one keyset page. `NextCursor` (opaque) asks for the next
 * one; `Total`/`TotalIsExact` are null unless `count=exact` was sent, and `TotalIsExact: false`
 * means more than `Total` rows match (the count stops at the server's cap).
 */
export const SearchPageSchema = z.object({
  Rows: z.array(z.object({ Id: z.int().check(z.positive()), Values: FieldValuesSchema })),
  NextCursor: z.nullable(z.string()),
  HasMore: z.boolean(),
  Total: z.nullable(z.int().check(z.nonnegative())),
  TotalIsExact: z.nullable(z.boolean()),
});

/** What an audit event records (CONTRACT "Audit trail"). */
export const AuditEventKindSchema = z.enum(['create', 'update', 'delete', 'sign']);
export type AuditEventKind = z.infer<typeof AuditEventKindSchema>;

/** One changed field of an audit event: its element name and the values before and after. */
export const AuditChangeSchema = z.object({
  Name: z.string(),
  Old: FieldValueSchema,
  New: FieldValueSchema,
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/**
 * One event of a record's audit trail: who (user name and legal name) did what, when, why and with
 * which signature; `Hash` chains it to the record's previous event. Hidden elements are left out
 * of `Changes`.
 */
export const AuditEventSchema = z.object({
  /** 1, 2, … per record, oldest first. */
  Seq: z.int().check(z.positive()),
  Kind: AuditEventKindSchema,
  /** The record version the event wrote (or signed). */
  Version: z.int().check(z.positive()),
  UserName: z.string(),
  LegalName: z.string(),
  /** ISO UTC. */
  AtUtc: z.iso.datetime(),
  Changes: z.array(AuditChangeSchema),
  /** The reason given with the change, or `null`. */
  Reason: z.nullable(z.string()),
  /** The legal name signed, or `null` for an unsigned event. */
  Signature: z.nullable(z.string()),
  Hash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** `GET forms/{no}/records/{id}/audit` answer: one page of the trail, oldest first. */
export const AuditTrailSchema = z.object({
  Items: z.array(AuditEventSchema),
  /** Pass as `afterSeq` for the next page; `null` on the last page. */
  NextAfterSeq: z.nullable(z.int().check(z.nonnegative())),
});
export type AuditTrail = z.infer<typeof AuditTrailSchema>;

/** `GET forms/{no}/records/{id}/audit/last-signature` answer: the newest signed event, or `null`. */
export const LastSignatureSchema = z.object({
  Event: z.nullable(AuditEventSchema),
});
export type LastSignature = z.infer<typeof LastSignatureSchema>;

/** `GET forms/{no}/records/{id}/audit/verify` answer: the hash chain recomputed from the stored events. */
export const AuditVerificationSchema = z.object({
  Intact: z.boolean(),
  /** The first event whose hash does not match, or `null` when the chain is intact. */
  FirstBadSeq: z.nullable(z.int().check(z.positive())),
  /** How many events were checked. */
  Events: z.optional(z.int().check(z.nonnegative())),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;
