import type { PgDatabase, PgExecutor } from '../../db/pg';
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
import type { PermissionStore } from './permissions-store';

const ROWS = `SELECT p.web_template_no, p.element_name, p.owner_type, p.owner_id, p.hidden, p.locked,
    CASE p.owner_type WHEN 'user' THEN u.name ELSE pr.name END AS owner_name
  FROM element_permissions p
  LEFT JOIN users u ON p.owner_type = 'user' AND u.id = p.owner_id
  LEFT JOIN profiles pr ON p.owner_type = 'profile' AND pr.id = p.owner_id`;

const OWNER_KEY = 'web_template_no = $1 AND owner_type = $2 AND owner_id = $3';

const versionOf = async (tx: PgExecutor, no: number, type: string, id: number) =>
  (
    await tx.one<{ version: number | null }>(
      `SELECT max(id) AS version FROM element_permission_changes WHERE ${OWNER_KEY}`,
      [no, type, id],
    )
  )?.version ?? 0;

/** {@link PermissionStore} on PostgreSQL. */
export function createPgPermissionStore(db: PgDatabase): PermissionStore {
  return {
    async listOwnerRows(webTemplateNo, ownerType, ownerId) {
      const rows = await db.many<RowRow>(
        `${ROWS} WHERE p.web_template_no = $1 AND p.owner_type = $2 AND p.owner_id = $3 ORDER BY p.element_name`,
        [webTemplateNo, ownerType, ownerId],
      );
      return rows.map(toRow);
    },
    async listAll() {
      const rows = await db.many<RowRow>(
        `${ROWS} ORDER BY p.web_template_no, p.owner_type DESC, p.owner_id, p.element_name`,
      );
      return rows.map(toRow);
    },
    async findOwner(ownerType, ownerId) {
      if (ownerType === 'user') {
        const row = await db.one<UserOwnerRow>(
          'SELECT id, name, legal_name, profile_id FROM users WHERE id = $1',
          [ownerId],
        );
        return row ? userOwner(row) : null;
      }
      const row = await db.one<ProfileOwnerRow>('SELECT id, name, description FROM profiles WHERE id = $1', [
        ownerId,
      ]);
      return row ? profileOwner(row) : null;
    },
    async listOwners() {
      const [users, profiles] = await Promise.all([
        // SQLite sorts users.name by its NOCASE collation: ASCII letters folded.
        db.many<UserOwnerRow>('SELECT id, name, legal_name, profile_id FROM users ORDER BY lower(name), id'),
        db.many<ProfileOwnerRow>('SELECT id, name, description FROM profiles ORDER BY name'),
      ]);
      return [...users.map(userOwner), ...profiles.map(profileOwner)];
    },
    version(webTemplateNo, ownerType, ownerId) {
      return versionOf(db, webTemplateNo, ownerType, ownerId);
    },
    save(save) {
      const { webTemplateNo: no, ownerType, ownerId } = save;
      // SERIALIZABLE: of two saves from the same version, the one that commits second is retried
      // and then finds the version moved on (stale), as it would one after the other.
      return db.transaction(async (tx) => {
        if ((await versionOf(tx, no, ownerType, ownerId)) !== save.expectedVersion)
          return { stale: true as const };
        let changed = 0;
        for (const change of save.changes) {
          const before = await tx.one<{ hidden: number; locked: number }>(
            `SELECT hidden, locked FROM element_permissions WHERE ${OWNER_KEY} AND element_name = $4`,
            [no, ownerType, ownerId, change.elementName],
          );
          const step = permissionStep(save, change, before);
          if (!step) continue;
          if (step.keep) {
            await tx.run(
              `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
               VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (web_template_no, owner_type, owner_id, element_name)
               DO UPDATE SET hidden = excluded.hidden, locked = excluded.locked`,
              [no, change.elementName, ownerType, ownerId, bit(change.hidden), bit(change.locked)],
            );
          } else {
            await tx.run(`DELETE FROM element_permissions WHERE ${OWNER_KEY} AND element_name = $4`, [
              no,
              ownerType,
              ownerId,
              change.elementName,
            ]);
          }
          const c = step.change;
          await tx.run(
            `INSERT INTO element_permission_changes (at_utc, user_id, user_name, web_template_no, element_name,
               owner_type, owner_id, old_hidden, old_locked, new_hidden, new_locked)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              c.at,
              c.userId,
              c.userName,
              c.webTemplateNo,
              c.elementName,
              c.ownerType,
              c.ownerId,
              c.oldHidden,
              c.oldLocked,
              c.newHidden,
              c.newLocked,
            ],
          );
          changed += 1;
        }
        return { stale: false as const, changed };
      });
    },
    async history(query) {
      const rows = await db.many<ChangeRow>(
        `SELECT id, at_utc, user_name, web_template_no, element_name, owner_type, owner_id,
           old_hidden, old_locked, new_hidden, new_locked
         FROM element_permission_changes
         WHERE ($1::bigint IS NULL OR web_template_no = $1) AND ($2::bigint IS NULL OR id < $2)
         ORDER BY id DESC LIMIT $3`,
        [query.webTemplateNo ?? null, query.beforeId ?? null, query.limit],
      );
      return rows.map(toChange);
    },
  };
}
