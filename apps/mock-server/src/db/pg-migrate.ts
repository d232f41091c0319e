import type { PgDatabase } from './pg';

/** One schema step on PostgreSQL; `version` values are 1, 2, 3… in order and never change once shipped. */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies the migrations newer than the schema's recorded version, in one transaction holding a
 * lock on the schema's name, so several servers starting together on one PostgreSQL migrate it
 * once (the others wait, then find nothing to do). Returns the versions applied. A schema from a
 * newer server is refused rather than guessed at.
 */
export async function migratePg(db: PgDatabase, migrations: readonly PgMigration[]): Promise<number[]> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`procedo:migrate:${db.schema}`]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new Error(
        `Database schema ${db.schema} is at version ${current}, newer than this server knows (${latest}); upgrade the server.`,
      );
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
