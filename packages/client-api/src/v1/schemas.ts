import * as z from 'zod/mini';

/**
 * Wire schemas of the v1 JSON API shared by the server and the client: one source of truth.
 * Field names follow the spec exactly (PascalCase for web request info, the spec's camelCase for
 * the §3 user fields).
 */

/** Error body of every 4xx/5xx answer of the JSON API. */
export const ApiIssueSchema = z.object({
  code: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof ApiIssueSchema>;

export const ApiErrorBodySchema = z.object({
  Message: z.string(),
  Code: z.string(),
  Issues: z.optional(z.array(ApiIssueSchema)),
  ErrorId: z.optional(z.string()),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Error codes the server uses in `{ Message, Code }`. */
export const ApiErrorCode = {
  NotLoggedOn: 'NOT_LOGGED_ON',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  UnknownDatabase: 'UNKNOWN_DATABASE',
  Validation: 'VALIDATION',
  Csrf: 'CSRF',
  RateLimited: 'RATE_LIMITED',
  NotFound: 'NOT_FOUND',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  Internal: 'INTERNAL',
  /** A stale record version (409, body `ConflictBodySchema` with `Current`). */
  VersionConflict: 'VERSION_CONFLICT',
  /** A write to an element that is hidden, locked or read-only for the user (403). */
  ElementPermission: 'ELEMENT_PERMISSION',
  /** A change to an audit-flagged field without the signer's name and a reason (400). */
  AuditSignatureRequired: 'AUDIT_SIGNATURE_REQUIRED',
  /** The audit signature is not the signed-in user's legal name (403). */
  AuditSignatureMismatch: 'AUDIT_SIGNATURE_MISMATCH',
  /** A signature that needs the signer's password (400): ask for it and sign again. */
  SignaturePasswordRequired: 'SIGNATURE_PASSWORD_REQUIRED',
  /** The signature's password is wrong (403): a failed signature attempt. */
  SignatureRejected: 'SIGNATURE_REJECTED',
  /** Three failed signature attempts in a row: signing is blocked for the rest of the session (403). */
  SigningBlocked: 'SIGNING_BLOCKED',
  /** A process call that does not fit the step's or process's state (409). */
  OutOfOrder: 'OUT_OF_ORDER',
  /** 'Unknown user process step.' (404). */
  UnknownStep: 'UNKNOWN_STEP',
  /** An unknown process id (404). */
  UnknownProcess: 'UNKNOWN_PROCESS',
  /** 'Unable to create, start or open a process without a command id' (400). */
  CommandIdMissing: 'COMMAND_ID_MISSING',
  /** A detail-page completion without the step's required data (400). */
  RequiredDataMissing: 'REQUIRED_DATA_MISSING',
  /** The user may not open this form, or may not read or attach this file (403). */
  Forbidden: 'FORBIDDEN',
  /** A state-changing request from another origin (403). */
  CrossOrigin: 'CROSS_ORIGIN',
  /** The server cannot take more of this work now (503, with `Retry-After`). */
  ServerBusy: 'SERVER_BUSY',
  /** The database is locked by another writer past the wait the server allows (503). */
  DatabaseBusy: 'DATABASE_BUSY',
  /** The server's storage is full: nothing was saved (507). */
  StorageFull: 'STORAGE_FULL',
  /** A state-changing request made while viewing a timepoint (409): nothing changed. */
  ReadOnlyTimepoint: 'READ_ONLY_TIMEPOINT',
  /** The record did not exist yet at the timepoint asked for (404). */
  NotFoundAtTimepoint: 'NOT_FOUND_AT_TIMEPOINT',
  /** A form definition published on a version that is no longer the latest (409, with `CurrentVersion`): nothing stored. */
  DefinitionConflict: 'CONFLICT',
  /** A definition that removes an element holding stored values or changes an element's kind, unconfirmed (409, with `Breaking`). */
  BreakingChange: 'BREAKING_CHANGE',
  /** An `Idempotency-Key` header that is not one quoted string of 1–255 characters (400). */
  IdempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  /** An `Idempotency-Key` already used for a different request (422): nothing was done. */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this `Idempotency-Key` is still running (409): try again shortly. */
  IdempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
  /** A search page that read past the server's time limit without filling (422): narrow the search. */
  SearchTimeLimit: 'SEARCH_TIME_LIMIT',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

export const DatabaseSchema = z.object({ Id: z.string(), Name: z.string() });
export type Database = z.infer<typeof DatabaseSchema>;
export const DatabaseListSchema = z.array(DatabaseSchema);

/** `POST session/logon` body. Strict: unknown fields are refused. */
export const LogonRequestSchema = z.strictObject({
  Database: z.string().check(z.trim(), z.minLength(1, 'Choose a database'), z.maxLength(64)),
  UserName: z.string().check(z.trim(), z.minLength(1, 'Enter a user name'), z.maxLength(128)),
  Password: z.string().check(z.minLength(1, 'Enter a password'), z.maxLength(1024)),
});
export type LogonRequest = z.infer<typeof LogonRequestSchema>;

export const UiModeSchema = z.enum(['modern', 'classic']);
export type UiMode = z.infer<typeof UiModeSchema>;

export const UserPreferencesSchema = z.object({
  ui: UiModeSchema,
  language: z.string(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** `PATCH session/preferences` body. */
export const PreferencesPatchSchema = z.strictObject({
  ui: z.optional(UiModeSchema),
  language: z.optional(z.string().check(z.minLength(2), z.maxLength(16))),
});
export type PreferencesPatch = z.infer<typeof PreferencesPatchSchema>;

/**
 * The rights a user may hold beyond the supervisor flag (the spec leaves role names open; see
 * docs/protocol.md "Roles"): `design` is the design-mode permission, `navigation-design` the
 * navigation-designer flag, `permission-design` opens and saves the element permissions editor,
 * `translation-admin` translates labels in place, `user-admin` manages users.
 */
export const RoleSchema = z.enum([
  'design',
  'navigation-design',
  'permission-design',
  'translation-admin',
  'user-admin',
]);
export type Role = z.infer<typeof RoleSchema>;

/** The §3 user fields, named exactly as the spec writes them. */
export const UserSchema = z.object({
  id: z.int(),
  name: z.string(),
  legalName: z.string(),
  preferences: UserPreferencesSchema,
  profileId: z.int(),
  isSupervisor: z.boolean(),
  department: z.string(),
  region: z.string(),
  mobileTel: z.string(),
  emailBusiness: z.string(),
  emailPrivate: z.string(),
  jobTitle: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** A profile the signed-in user may act as (their own, or one an administrator gave them). */
export const SessionProfileSchema = z.object({ Id: z.int(), Name: z.string() });
export type SessionProfile = z.infer<typeof SessionProfileSchema>;

/** `POST session/profile`: act as another of the user's profiles for the rest of this session. */
export const SwitchProfileRequestSchema = z.object({ ProfileId: z.int().check(z.positive()) });
export type SwitchProfileRequest = z.infer<typeof SwitchProfileRequestSchema>;

/** The session context: the spec's web request info, the user, and the session clock. */
export const SessionContextSchema = z.object({
  WebUserId: z.int(),
  WebUserIsSupervisor: z.boolean(),
  WebUserPreferenceId: z.int(),
  WebProfileId: z.int(),
  WebTaskId: z.nullable(z.int()),
  WebFormId: z.nullable(z.int()),
  WebFormSearchBtnName: z.nullable(z.string()),
  /** Public id of the session (not the cookie secret). */
  SessionId: z.string(),
  WebDatabaseId: z.string(),
  WebDatabaseName: z.string(),
  DesignMode: z.object({ CanDesign: z.boolean(), CanDesignNavigation: z.boolean() }),
  /** The user's roles; `DesignMode` is derived from them. */
  Roles: z.array(RoleSchema),
  /**
   * The profiles the user may act as, their own first; `WebProfileId` is the one this session
   * acts as (`User.profileId` stays the user's own). Absent from servers before profile switching.
   */
  Profiles: z.optional(z.array(SessionProfileSchema)),
  User: UserSchema,
  SessionTimeoutMinutes: z.number().check(z.positive()),
  SessionExpiresAt: z.iso.datetime(),
  /**
   * The server's verbose-errors setting (`PROCEDO_VERBOSE_ERRORS`): the error window shows a
   * server exception's short line itself instead of offering it in a prompt (spec §8).
   * @default false when a server does not send it
   */
  VerboseErrors: z.optional(z.boolean()),
});
export type SessionContext = z.infer<typeof SessionContextSchema>;
