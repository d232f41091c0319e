import type { PermissionOwnerType } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  bit,
  type ChangeRow,
  type ProfileOwnerRow,
  permissionStep,
  profileOwner,
  type RowRow,
  toChange,
  toRow,
  type UserOwnerRow,
  userOwner,
} from './permissions-rows';

/** One stored element permission row. */
export interface PermissionRowRecord {
  webTemplateNo: number;
  elementName: string;
  ownerType: PermissionOwnerType;
  ownerId: number;
  ownerName: string;
  hidden: boolean;
  locked: boolean;
}

/** A user or a profile rows can belong to. */
export interface OwnerRecord {
  ownerType: PermissionOwnerType;
  ownerId: number;
  name: string;
  description: string;
  /** A user's profile (whose rows apply to them under their own); null for a profile. */
  profileId: number | null;
}

/** One audited change. */
export interface PermissionChangeRecord {
  id: number;
  atUtc: string;
  userName: string;
  webTemplateNo: number;
  elementName: string;
  ownerType: PermissionOwnerType;
  ownerId: number;
  oldHidden: boolean;
  oldLocked: boolean;
  newHidden: boolean;
  newLocked: boolean;
}

/** A batch save for one owner of one form. */
export interface PermissionSave {
  webTemplateNo: number;
  ownerType: PermissionOwnerType;
  ownerId: number;
  /** The version the editor read; the save stores nothing when it is no longer the current one. */
  expectedVersion: number;
  changes: readonly { elementName: string; hidden: boolean; locked: boolean }[];
  by: { userId: number; userName: string };
  at: string;
}

/** Element permission rows (the editor's writes) and their append-only change history. */
export interface PermissionStore {
  /** The rows of one owner on one form. */
  listOwnerRows(
    webTemplateNo: number,
    ownerType: PermissionOwnerType,
    ownerId: number,
  ): Promise<PermissionRowRecord[]>;
  /** Every row, by form, owner type, owner and element. */
  listAll(): Promise<PermissionRowRecord[]>;
  findOwner(ownerType: PermissionOwnerType, ownerId: number): Promise<OwnerRecord | null>;
  listOwners(): Promise<OwnerRecord[]>;
  /** The largest change id of an owner on a form, 0 when none. */
  version(webTemplateNo: number, ownerType: PermissionOwnerType, ownerId: number): Promise<number>;
  /**
   * In one transaction: unless the version moved on (`stale`), sets each changed row (a row with
   * neither flag is removed) and appends one change per element whose flags differ.
   */
  save(save: PermissionSave): Promise<{ stale: true } | { stale: false; changed: number }>;
  /** Changes, newest first. */
  history(query: {
    webTemplateNo?: number;
    beforeId?: number;
    limit: number;
  }): Promise<PermissionChangeRecord[]>;
}

const ROWS = `SELECT p.web_template_no, p.element_name, p.owner_type, p.owner_id, p.hidden, p.locked,
    CASE p.owner_type WHEN 'user' THEN u.name ELSE pr.name END AS owner_name
  FROM element_permissions p
  LEFT JOIN users u ON p.owner_type = 'user' AND u.id = p.owner_id
  LEFT JOIN profiles pr ON p.owner_type = 'profile' AND pr.id = p.owner_id`;

/** {@link PermissionStore} on SQLite. */
export function createSqlitePermissionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): PermissionStore {
  const ownerRows = db.prepare<[number, string, number], RowRow>(
    `${ROWS} WHERE p.web_template_no = ? AND p.owner_type = ? AND p.owner_id = ? ORDER BY p.element_name`,
  );
  const all = db.prepare<[], RowRow>(
    `${ROWS} ORDER BY p.web_template_no, p.owner_type DESC, p.owner_id, p.element_name`,
  );
  const user = db.prepare<[number], UserOwnerRow>(
    'SELECT id, name, legal_name, profile_id FROM users WHERE id = ?',
  );
  const users = db.prepare<[], UserOwnerRow>(
    'SELECT id, name, legal_name, profile_id FROM users ORDER BY name',
  );
  const profile = db.prepare<[number], ProfileOwnerRow>(
    'SELECT id, name, description FROM profiles WHERE id = ?',
  );
  const profiles = db.prepare<[], ProfileOwnerRow>(
    'SELECT id, name, description FROM profiles ORDER BY name',
  );
  const version = db.prepare<[number, string, number], { version: number | null }>(
    `SELECT max(id) AS version FROM element_permission_changes
     WHERE web_template_no = ? AND owner_type = ? AND owner_id = ?`,
  );
  const current = db.prepare<[number, string, number, string], { hidden: number; locked: number }>(
    `SELECT hidden, locked FROM element_permissions
     WHERE web_template_no = ? AND owner_type = ? AND owner_id = ? AND element_name = ?`,
  );
  const upsert = db.prepare<[number, string, string, number, number, number]>(
    `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (web_template_no, owner_type, owner_id, element_name)
     DO UPDATE SET hidden = excluded.hidden, locked = excluded.locked`,
  );
  const remove = db.prepare<[number, string, number, string]>(
    `DELETE FROM element_permissions
     WHERE web_template_no = ? AND owner_type = ? AND owner_id = ? AND element_name = ?`,
  );
  const append = db.prepare(
    `INSERT INTO element_permission_changes (at_utc, user_id, user_name, web_template_no, element_name,
       owner_type, owner_id, old_hidden, old_locked, new_hidden, new_locked)
     VALUES (@at, @userId, @userName, @webTemplateNo, @elementName, @ownerType, @ownerId,
       @oldHidden, @oldLocked, @newHidden, @newLocked)`,
  );
  const history = db.prepare<[{ no: number | null; before: number | null; limit: number }], ChangeRow>(
    `SELECT id, at_utc, user_name, web_template_no, element_name, owner_type, owner_id,
       old_hidden, old_locked, new_hidden, new_locked
     FROM element_permission_changes
     WHERE (@no IS NULL OR web_template_no = @no) AND (@before IS NULL OR id < @before)
     ORDER BY id DESC LIMIT @limit`,
  );
  const versionOf = (no: number, type: string, id: number) => version.get(no, type, id)?.version ?? 0;

  return {
    async listOwnerRows(webTemplateNo, ownerType, ownerId) {
      return ownerRows.all(webTemplateNo, ownerType, ownerId).map(toRow);
    },
    async listAll() {
      return all.all().map(toRow);
    },
    async findOwner(ownerType, ownerId) {
      if (ownerType === 'user') {
        const row = user.get(ownerId);
        return row ? userOwner(row) : null;
      }
      const row = profile.get(ownerId);
      return row ? profileOwner(row) : null;
    },
    async listOwners() {
      return [...users.all().map(userOwner), ...profiles.all().map(profileOwner)];
    },
    async version(webTemplateNo, ownerType, ownerId) {
      return versionOf(webTemplateNo, ownerType, ownerId);
    },
    save(save) {
      const { webTemplateNo: no, ownerType, ownerId } = save;
      return write(() => {
        if (versionOf(no, ownerType, ownerId) !== save.expectedVersion) return { stale: true as const };
        let changed = 0;
        for (const change of save.changes) {
          const step = permissionStep(save, change, current.get(no, ownerType, ownerId, change.elementName));
          if (!step) continue;
          if (step.keep) {
            upsert.run(no, change.elementName, ownerType, ownerId, bit(change.hidden), bit(change.locked));
          } else {
            remove.run(no, ownerType, ownerId, change.elementName);
          }
          append.run(step.change);
          changed += 1;
        }
        return { stale: false as const, changed };
      });
    },
    async history(query) {
      return history
        .all({ no: query.webTemplateNo ?? null, before: query.beforeId ?? null, limit: query.limit })
        .map(toChange);
    },
  };
}
