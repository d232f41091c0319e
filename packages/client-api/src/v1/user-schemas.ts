import * as z from 'zod/mini';
import { RoleSchema, UserSchema } from './schemas';

/**
 * Wire schemas of user administration (`users…`, form 901) and the user's own account page. The
 * field rules live here once: the server validates with them and the users form checks the same
 * rules before sending. Rules that need the database (the profile exists, the language is one of
 * the database's, the name is not taken) are the server's, answered as per-field issues alike.
 */

/** The longest text each §3 user field takes. */
export const USER_FIELD_MAX = Object.freeze({
  name: 64,
  legalName: 200,
  jobTitle: 100,
  department: 100,
  region: 100,
  mobileTel: 32,
  email: 254,
  password: 1024,
});

/** The shortest initial password an administrator may give. */
export const USER_PASSWORD_MIN = 8;

// A logon name: letters and digits of any script, and . _ - @ (an e-mail-like name signs on too).
const NAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;
// Digits, spaces and the punctuation phone numbers are written with; a leading + for the country.
const PHONE_PATTERN = /^\+?[0-9 ()./-]*$/;
// Deliberately loose (one @, a dot in the domain, no spaces): the mailbox itself is the only true test.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// A BCP 47 language tag's common shape: `en`, `de`, `pt-BR`.
const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const USER_FIELD_MESSAGES = Object.freeze({
  required: 'Enter a value',
  tooLong: (max: number) => `Use at most ${max} characters`,
  name: "Use letters, digits, '.', '_', '-' or '@' only",
  phone: 'Use digits, spaces and + ( ) - . / only',
  email: 'Enter an e-mail address such as name@example.com',
  language: 'Choose a language',
  profile: 'Choose a profile',
  password: `Use at least ${USER_PASSWORD_MIN} characters`,
  rolesRepeated: 'Give each role once',
});

const M = USER_FIELD_MESSAGES;
const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, M.required), z.maxLength(max, M.tooLong(max)));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, M.tooLong(max)));
const email = z.string().check(
  z.trim(),
  z.maxLength(USER_FIELD_MAX.email, M.tooLong(USER_FIELD_MAX.email)),
  z.refine((value) => value === '' || EMAIL_PATTERN.test(value), M.email),
);

/** The rules of each editable user field, by its §3 name. */
export const UserFieldSchemas = {
  name: requiredText(USER_FIELD_MAX.name).check(z.regex(NAME_PATTERN, M.name)),
  legalName: requiredText(USER_FIELD_MAX.legalName),
  jobTitle: optionalText(USER_FIELD_MAX.jobTitle),
  department: optionalText(USER_FIELD_MAX.department),
  region: optionalText(USER_FIELD_MAX.region),
  mobileTel: optionalText(USER_FIELD_MAX.mobileTel).check(z.regex(PHONE_PATTERN, M.phone)),
  emailBusiness: email,
  emailPrivate: email,
  profileId: z.int(M.profile).check(z.positive(M.profile)),
  isSupervisor: z.boolean(),
  language: z.string().check(z.trim(), z.regex(LANGUAGE_PATTERN, M.language)),
  roles: z
    .array(RoleSchema)
    .check(z.refine((roles) => new Set(roles).size === roles.length, M.rolesRepeated)),
};

/** The user fields an administrator edits (form 901). */
export type UserFields = {
  [K in keyof typeof UserFieldSchemas]: z.output<(typeof UserFieldSchemas)[K]>;
};
export type UserFieldName = keyof UserFields;
export const USER_FIELD_NAMES = Object.keys(UserFieldSchemas) as UserFieldName[];

/**
 * `PATCH users/{id}` body: the row version the edit started from and the changed fields only.
 * A stale `Version` is a 409 whose `Current` is the user as stored now.
 */
export const UserPatchSchema = z.strictObject({
  Version: z.int().check(z.positive()),
  name: z.optional(UserFieldSchemas.name),
  legalName: z.optional(UserFieldSchemas.legalName),
  jobTitle: z.optional(UserFieldSchemas.jobTitle),
  department: z.optional(UserFieldSchemas.department),
  region: z.optional(UserFieldSchemas.region),
  mobileTel: z.optional(UserFieldSchemas.mobileTel),
  emailBusiness: z.optional(UserFieldSchemas.emailBusiness),
  emailPrivate: z.optional(UserFieldSchemas.emailPrivate),
  profileId: z.optional(UserFieldSchemas.profileId),
  isSupervisor: z.optional(UserFieldSchemas.isSupervisor),
  language: z.optional(UserFieldSchemas.language),
  roles: z.optional(UserFieldSchemas.roles),
});
export type UserPatch = z.input<typeof UserPatchSchema>;

/** `POST users` body: a new user with an initial password (they sign on with it). */
export const UserCreateSchema = z.strictObject({
  name: UserFieldSchemas.name,
  legalName: UserFieldSchemas.legalName,
  profileId: UserFieldSchemas.profileId,
  password: z
    .string()
    .check(
      z.minLength(USER_PASSWORD_MIN, M.password),
      z.maxLength(USER_FIELD_MAX.password, M.tooLong(USER_FIELD_MAX.password)),
    ),
  jobTitle: z.optional(UserFieldSchemas.jobTitle),
  department: z.optional(UserFieldSchemas.department),
  region: z.optional(UserFieldSchemas.region),
  mobileTel: z.optional(UserFieldSchemas.mobileTel),
  emailBusiness: z.optional(UserFieldSchemas.emailBusiness),
  emailPrivate: z.optional(UserFieldSchemas.emailPrivate),
  isSupervisor: z.optional(UserFieldSchemas.isSupervisor),
  language: z.optional(UserFieldSchemas.language),
  roles: z.optional(UserFieldSchemas.roles),
});
export type UserCreate = z.input<typeof UserCreateSchema>;

/** A user as the administration reads them: the §3 fields, their roles, state and row version. */
export const UserAccountSchema = z.extend(UserSchema, {
  profileName: z.string(),
  isDisabled: z.boolean(),
  roles: z.array(RoleSchema),
  /** The row version: send it back as `Version` with an edit. */
  version: z.int().check(z.positive()),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;

/** `GET users` answer: one page of users in name order. */
export const UsersPageSchema = z.object({
  Users: z.array(UserAccountSchema),
  /** Pass as `cursor` for the next page; `null` on the last. */
  NextCursor: z.nullable(z.string()),
});
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** One change to a user: who made it and when, which field, its value before and after (as text). */
export const UserAuditEventSchema = z.object({
  Id: z.int().check(z.positive()),
  UserId: z.int(),
  /** A {@link UserFieldName}, `isDisabled`, or `created` for the new user's row. */
  Field: z.string(),
  OldValue: z.string(),
  NewValue: z.string(),
  ChangedBy: z.string(),
  ChangedAt: z.iso.datetime(),
});
export type UserAuditEvent = z.infer<typeof UserAuditEventSchema>;

/** `GET users/{id}` answer: the user and their changes, newest first. */
export const UserDetailSchema = z.object({
  User: UserAccountSchema,
  History: z.array(UserAuditEventSchema),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** `GET users/choices` answer: what the users form offers. */
export const UserChoicesSchema = z.object({
  Profiles: z.array(z.object({ Id: z.int(), Name: z.string() })),
  /** The database's languages (language tags). */
  Languages: z.array(z.string()),
  Roles: z.array(RoleSchema),
});
export type UserChoices = z.infer<typeof UserChoicesSchema>;

/** `GET users/me` answer: the signed-in user's own account and the languages they may choose. */
export const OwnAccountSchema = z.object({
  User: UserAccountSchema,
  Languages: z.array(z.string()),
});
export type OwnAccount = z.infer<typeof OwnAccountSchema>;

/** 409 body of a stale user edit: the user as stored now. */
export const UserConflictBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('VERSION_CONFLICT'),
  Current: UserAccountSchema,
});
