import type { PermissionOwnerType } from '@procedo/client-api';
import type {
  OwnerRecord,
  PermissionChangeRecord,
  PermissionRowRecord,
  PermissionSave,
} from './permissions-store';

/** The element permission rows both engines read, their mapping, and what a save writes. */

export interface RowRow {
  web_template_no: number;
  element_name: string;
  owner_type: PermissionOwnerType;
  owner_id: number;
  owner_name: string | null;
  hidden: number;
  locked: number;
}

export const toRow = (row: RowRow): PermissionRowRecord => ({
  webTemplateNo: row.web_template_no,
  elementName: row.element_name,
  ownerType: row.owner_type,
  ownerId: row.owner_id,
  ownerName: row.owner_name ?? `${row.owner_type} ${row.owner_id}`,
  hidden: row.hidden === 1,
  locked: row.locked === 1,
});

export interface ChangeRow {
  id: number;
  at_utc: string;
  user_name: string;
  web_template_no: number;
  element_name: string;
  owner_type: PermissionOwnerType;
  owner_id: number;
  old_hidden: number;
  old_locked: number;
  new_hidden: number;
  new_locked: number;
}

export const toChange = (row: ChangeRow): PermissionChangeRecord => ({
  id: row.id,
  atUtc: row.at_utc,
  userName: row.user_name,
  webTemplateNo: row.web_template_no,
  elementName: row.element_name,
  ownerType: row.owner_type,
  ownerId: row.owner_id,
  oldHidden: row.old_hidden === 1,
  oldLocked: row.old_locked === 1,
  newHidden: row.new_hidden === 1,
  newLocked: row.new_locked === 1,
});

export interface UserOwnerRow {
  id: number;
  name: string;
  legal_name: string;
  profile_id: number;
}

export interface ProfileOwnerRow {
  id: number;
  name: string;
  description: string;
}

export const userOwner = (row: UserOwnerRow): OwnerRecord => ({
  ownerType: 'user',
  ownerId: row.id,
  name: row.name,
  description: row.legal_name,
  profileId: row.profile_id,
});

export const profileOwner = (row: ProfileOwnerRow): OwnerRecord => ({
  ownerType: 'profile',
  ownerId: row.id,
  name: row.name,
  description: row.description,
  profileId: null,
});

export const bit = (flag: boolean) => (flag ? 1 : 0);

/** The change row a save appends, by the names of the insert's parameters. */
export interface ChangeParams {
  at: string;
  userId: number;
  userName: string;
  webTemplateNo: number;
  elementName: string;
  ownerType: string;
  ownerId: number;
  oldHidden: number;
  oldLocked: number;
  newHidden: number;
  newLocked: number;
}

/**
 * What a save does for one element given its stored flags: nothing when they are unchanged, else
 * keep (upsert) the row when a flag is set or remove it, and append the change.
 */
export function permissionStep(
  save: PermissionSave,
  change: PermissionSave['changes'][number],
  before: { hidden: number; locked: number } | undefined,
): { keep: boolean; change: ChangeParams } | null {
  const oldHidden = before?.hidden === 1;
  const oldLocked = before?.locked === 1;
  if (oldHidden === change.hidden && oldLocked === change.locked) return null;
  return {
    keep: change.hidden || change.locked,
    change: {
      at: save.at,
      userId: save.by.userId,
      userName: save.by.userName,
      webTemplateNo: save.webTemplateNo,
      elementName: change.elementName,
      ownerType: save.ownerType,
      ownerId: save.ownerId,
      oldHidden: bit(oldHidden),
      oldLocked: bit(oldLocked),
      newHidden: bit(change.hidden),
      newLocked: bit(change.locked),
    },
  };
}
