import { hashPassword } from '../features/session/password';
import {
  type NavigationSeed,
  navigationTrees,
  PROFILES,
  RESOURCES,
  type SeedKind,
  USER_ROLES,
  USERS,
  type UserSeed,
} from './seed-data';
import type { SqliteDatabase } from './sqlite';

/**
 * Fills a freshly migrated database with the demo data, once: a `meta.seeded_at` row marks it
 * done, so a restart (or a user's later changes) is never overwritten. Returns whether it seeded.
 */
export async function seedIfNeeded(db: SqliteDatabase, kind: SeedKind, now: number): Promise<boolean> {
  const isSeeded = () => db.prepare("SELECT 1 FROM meta WHERE key = 'seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  // Hash before the transaction: scrypt is async and a transaction must not span awaits.
  const hashes = await Promise.all(USERS.map((user) => hashPassword(user.password)));

  const insertProfile = db.prepare('INSERT INTO profiles (id, name, description) VALUES (?, ?, ?)');
  const insertUser = userInserter(db);
  const insertNode = db.prepare(
    `INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url, description)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertResource = db.prepare('INSERT INTO resources (component_name, name, text) VALUES (?, ?, ?)');

  const insertTree = (profileId: number, parentId: number | null, nodes: NavigationSeed[]) => {
    nodes.forEach((node, position) => {
      const { lastInsertRowid } = insertNode.run(
        profileId,
        parentId,
        position,
        node.title,
        node.url ?? null,
        node.description ?? null,
      );
      insertTree(profileId, Number(lastInsertRowid), node.children ?? []);
    });
  };

  return db.transaction(() => {
    if (isSeeded()) return false;
    for (const profile of PROFILES) insertProfile.run(profile.id, profile.name, profile.description);
    USERS.forEach((user, index) => {
      insertUser(user, hashes[index]!, user.id);
    });
    for (const [profileId, tree] of navigationTrees(kind)) insertTree(profileId, null, tree);
    for (const [component, texts] of Object.entries(RESOURCES)) {
      for (const [name, text] of Object.entries(texts)) insertResource.run(component, name, text);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(new Date(now).toISOString());
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_kind', ?)").run(kind);
    return true;
  })();
}

function userInserter(db: SqliteDatabase) {
  const insert = db.prepare(
    `INSERT INTO users (id, name, legal_name, password_hash, profile_id, is_supervisor, preference_id,
       pref_ui, pref_language, department, region, mobile_tel, email_business, email_private, job_title)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'modern', 'en', ?, ?, ?, ?, ?, ?)`,
  );
  return (user: UserSeed, passwordHash: string, id: number | null) =>
    insert.run(
      id,
      user.name,
      user.legalName,
      passwordHash,
      user.profileId,
      user.isSupervisor ? 1 : 0,
      user.preferenceId,
      user.department,
      user.region,
      user.mobileTel,
      user.emailBusiness,
      user.emailPrivate,
      user.jobTitle,
    );
}

/**
 * Gives the demo accounts their roles once per database (`meta.roles_seeded_at`), also in
 * databases seeded before roles existed: a demo account missing there (the translator) is added
 * under a free id. Later changes by an administrator are never overwritten.
 */
export async function seedRolesIfNeeded(db: SqliteDatabase, now: number): Promise<boolean> {
  const isDone = () => db.prepare("SELECT 1 FROM meta WHERE key = 'roles_seeded_at'").get() !== undefined;
  if (isDone()) return false;
  const findUser = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE name = ?');
  const idTaken = db.prepare<[number], { id: number }>('SELECT id FROM users WHERE id = ?');
  const missing = USERS.filter((user) => !findUser.get(user.name));
  const hashes = await Promise.all(missing.map((user) => hashPassword(user.password)));
  const insertUser = userInserter(db);
  const insertRole = db.prepare('INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, ?)');
  return db.transaction(() => {
    if (isDone()) return false;
    missing.forEach((user, index) => {
      if (findUser.get(user.name)) return;
      insertUser(user, hashes[index]!, idTaken.get(user.id) ? null : user.id);
    });
    for (const [name, roles] of Object.entries(USER_ROLES)) {
      const user = findUser.get(name);
      if (user) for (const role of roles) insertRole.run(user.id, role);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('roles_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
