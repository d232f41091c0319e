import { hashPassword } from '../features/session/password';
import { type NavigationSeed, navigationTrees, PROFILES, RESOURCES, type SeedKind, USERS } from './seed-data';
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
  const insertUser = db.prepare(
    `INSERT INTO users (id, name, legal_name, password_hash, profile_id, is_supervisor, preference_id,
       pref_ui, pref_language, department, region, mobile_tel, email_business, email_private, job_title)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'modern', 'en', ?, ?, ?, ?, ?, ?)`,
  );
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
      insertUser.run(
        user.id,
        user.name,
        user.legalName,
        hashes[index],
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
