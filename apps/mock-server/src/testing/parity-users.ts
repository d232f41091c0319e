import type { ParityDatabases } from './parity';

/**
 * Adds the same users (by id and name, in `profileId`) to both engines, and moves PostgreSQL's
 * identity to the largest id, where SQLite's next id is: for tests that need names the seed lacks.
 */
export async function addUsersToBoth(
  both: ParityDatabases,
  users: readonly (readonly [id: number, name: string])[],
  profileId: number,
): Promise<void> {
  const sql = 'INSERT INTO users (id, name, legal_name, password_hash, profile_id, preference_id) VALUES';
  for (const [id, name] of users) {
    const values = [id, name, `${name} Legal`, 'x', profileId, id];
    both.sqlite.prepare(`${sql} (?, ?, ?, ?, ?, ?)`).run(...values);
    await both.pg.run(`${sql} ($1, $2, $3, $4, $5, $6)`, values);
  }
  await both.pg.run("SELECT setval(pg_get_serial_sequence('users', 'id'), max(id)) FROM users");
}
