import * as z from 'zod/mini';

/**
 * Wire schemas of the element permissions editor (spec §3 permission record, §4 permissions mode):
 * one form's elements with Hidden and Locked for one owner, the batch save, the overview of every
 * row and the history of changes. Requests are strict: an unknown field is refused.
 */

const ElementName = z.string().check(z.minLength(1), z.maxLength(64));
const Id = z.int().check(z.positive());

/** Who a permission row is for: one user, or every user of a profile. */
export const PermissionOwnerTypeSchema = z.enum(['user', 'profile']);
export type PermissionOwnerType = z.infer<typeof PermissionOwnerTypeSchema>;

/** An owner the editor can choose. */
export const PermissionOwnerSchema = z.object({
  OwnerType: PermissionOwnerTypeSchema,
  OwnerId: Id,
  /** A user's name, or a profile's. */
  Name: z.string(),
  /** A user's legal name, or a profile's description. */
  Description: z.string(),
});
export type PermissionOwner = z.infer<typeof PermissionOwnerSchema>;

/** `GET permissions/owners`: the users and profiles of the database. */
export const PermissionOwnersSchema = z.object({
  Users: z.array(PermissionOwnerSchema),
  Profiles: z.array(PermissionOwnerSchema),
});
export type PermissionOwners = z.infer<typeof PermissionOwnersSchema>;

const Flags = z.object({ Hidden: z.boolean(), Locked: z.boolean() });

/** One named element of the form with the owner's own flags, what a tab passes on and the result. */
export const ElementPermissionEntrySchema = z.object({
  Name: z.string(),
  Label: z.string(),
  /** The element's kind; `tab` for a tab of a tab strip. */
  Kind: z.string(),
  /** 0 the form's elements, 1 a strip's tabs, 2 the elements inside a tab. */
  Depth: z.int().check(z.minimum(0), z.maximum(2)),
  /** The owner's own row (false, false when there is none). */
  Hidden: z.boolean(),
  Locked: z.boolean(),
  /** What a hidden or locked strip or tab passes on (`From` names it), or `null`. */
  Inherited: z.nullable(z.extend(Flags, { From: z.string() })),
  /**
   * What the owner gets, as the server enforces it: for a user, their profile's rows overridden
   * by their own, with what tabs pass on.
   */
  Effective: Flags,
});
export type ElementPermissionEntry = z.infer<typeof ElementPermissionEntrySchema>;

/** `GET|PUT permissions/forms/{no}`: a form's elements for one owner. */
export const FormPermissionsSchema = z.object({
  WebTemplateNo: Id,
  FormTitle: z.string(),
  Owner: PermissionOwnerSchema,
  /** The owner's rows' version on this form: send it back with a save (a stale one is 409). */
  Version: z.int().check(z.minimum(0)),
  Elements: z.array(ElementPermissionEntrySchema),
});
export type FormPermissions = z.infer<typeof FormPermissionsSchema>;

/** One element's new flags in a save. */
export const ElementPermissionChangeSchema = z.strictObject({
  Name: ElementName,
  Hidden: z.boolean(),
  Locked: z.boolean(),
});
export type ElementPermissionChange = z.infer<typeof ElementPermissionChangeSchema>;

/** `PUT permissions/forms/{no}` body: a batch of changes for one owner, stored in one transaction. */
export const SavePermissionsRequestSchema = z.strictObject({
  OwnerType: PermissionOwnerTypeSchema,
  OwnerId: Id,
  /** The `Version` the editor read. */
  Version: z.int().check(z.minimum(0)),
  Changes: z.array(ElementPermissionChangeSchema).check(z.minLength(1), z.maxLength(1000)),
});
export type SavePermissionsRequest = z.infer<typeof SavePermissionsRequestSchema>;

/** One stored permission row, for the overview. */
export const PermissionRowSchema = z.object({
  WebTemplateNo: Id,
  FormTitle: z.string(),
  OwnerType: PermissionOwnerTypeSchema,
  OwnerId: Id,
  OwnerName: z.string(),
  ElementName: z.string(),
  Hidden: z.boolean(),
  Locked: z.boolean(),
});
export type PermissionRow = z.infer<typeof PermissionRowSchema>;

/** `GET permissions`: every row, by form, owner and element. */
export const PermissionOverviewSchema = z.object({ Items: z.array(PermissionRowSchema) });
export type PermissionOverview = z.infer<typeof PermissionOverviewSchema>;

/** One audited change of one element's permission for one owner. */
export const PermissionChangeSchema = z.object({
  Id,
  /** ISO UTC. */
  AtUtc: z.iso.datetime(),
  /** Who saved it. */
  UserName: z.string(),
  WebTemplateNo: Id,
  ElementName: z.string(),
  OwnerType: PermissionOwnerTypeSchema,
  OwnerId: Id,
  OldHidden: z.boolean(),
  OldLocked: z.boolean(),
  NewHidden: z.boolean(),
  NewLocked: z.boolean(),
});
export type PermissionChange = z.infer<typeof PermissionChangeSchema>;

/** `GET permissions/history`: one page, newest first. */
export const PermissionHistoryPageSchema = z.object({
  Items: z.array(PermissionChangeSchema),
  /** Pass as `beforeId` for the next (older) page; `null` on the last page. */
  NextBeforeId: z.nullable(Id),
});
export type PermissionHistoryPage = z.infer<typeof PermissionHistoryPageSchema>;
