import type { PgDatabase, PgExecutor } from '../../db/pg';
import type { StoredVersion } from '../designer/version-table';
import { createPgVersionTable } from '../designer/version-table.pg';
import type { NavigationNodeRecord } from './navigation-store';
import { publishedRecords } from './navigation-version-records';
import type { NavigationVersionStore, PublishNavigationResult } from './navigation-versions-store';

/**
 * Version 1 of each profile's navigation that has none yet: its nodes as they stand, in force
 * since the epoch (SQLite's BACKFILL_NAVIGATION_VERSIONS). The JSON is written here, key for key
 * as SQLite's json_object writes it, so both engines store the same text.
 */
async function backfill(tx: PgExecutor): Promise<void> {
  const profiles = await tx.many<{ id: number }>(
    `SELECT p.id FROM profiles AS p
     WHERE NOT EXISTS (SELECT 1 FROM navigation_versions AS v WHERE v.profile_id = p.id) ORDER BY p.id`,
  );
  for (const { id } of profiles) {
    const nodes = await tx.many<NavigationNodeRecord>(
      `SELECT id, parent_id AS "parentId", position, title, url, description FROM navigation_nodes
       WHERE profile_id = $1 ORDER BY parent_id IS NOT NULL, parent_id, position, id`,
      [id],
    );
    await tx.run(
      `INSERT INTO navigation_versions (profile_id, version, json, published_at_utc, published_by, change_note)
       VALUES ($1, 1, $2, '1970-01-01T00:00:00.000Z', 'system', 'Seeded navigation')`,
      [id, JSON.stringify(nodes)],
    );
  }
}

/** Node ids of every version's JSON. */
const VERSION_NODE_IDS = `SELECT (n.value ->> 'id')::bigint AS id
  FROM navigation_versions AS v, jsonb_array_elements(v.json::jsonb) AS n`;

/** {@link NavigationVersionStore} on PostgreSQL. */
export function createPgNavigationVersionStore(db: PgDatabase): NavigationVersionStore {
  const table = createPgVersionTable(db, { table: 'navigation_versions', keyColumn: 'profile_id' });
  const missing = async (sql: string, ids: number[]) => {
    if (ids.length === 0) return [];
    const found = new Set((await db.many<{ id: number }>(sql, [ids])).map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  };

  return {
    ...table.reads,
    async listCurrent() {
      return db.many<StoredVersion & { name: string }>(
        `SELECT v.profile_id AS key, v.version, v.json, v.published_at_utc AS "publishedAt",
           v.published_by AS "publishedBy", v.change_note AS "changeNote", p.name
         FROM profiles AS p
         JOIN navigation_versions AS v ON v.profile_id = p.id
           AND v.version = (SELECT max(version) FROM navigation_versions WHERE profile_id = p.id)
         ORDER BY p.id`,
      );
    },
    async knownIds(profileId) {
      const rows = await db.many<{ id: number }>(`${VERSION_NODE_IDS} WHERE v.profile_id = $1`, [profileId]);
      return new Set(rows.map((row) => row.id));
    },
    async inForceAt(profileId, iso) {
      const version = await table.versionAt(profileId, iso);
      return version === null ? null : table.reads.get(profileId, version);
    },
    async unknownTargets({ forms, commands, dashboards }) {
      return {
        forms: await missing(
          'SELECT web_template_no AS id FROM form_definitions WHERE web_template_no = ANY($1::bigint[])',
          forms,
        ),
        commands: await missing('SELECT id FROM process_commands WHERE id = ANY($1::bigint[])', commands),
        dashboards: await missing('SELECT id FROM dashboards WHERE id = ANY($1::bigint[])', dashboards),
      };
    },
    publish(input) {
      return db.transaction(async (tx): Promise<PublishNavigationResult> => {
        // A profile added after the copy (and the seed) starts at its nodes as version 1.
        await backfill(tx);
        const max = await tx.one<{ max: number }>(
          `SELECT greatest(coalesce((SELECT max(id) FROM navigation_nodes), 0),
                           coalesce((SELECT max(id) FROM (${VERSION_NODE_IDS}) AS ids), 0)) AS max`,
        );
        const records = publishedRecords(input.nodes, (max?.max ?? 0) + 1);
        const result = await table.publish<never>(
          tx,
          { ...input, json: JSON.stringify(records) },
          {
            // The latest version is what users' menus read now (navigation_nodes).
            makeCurrent: async () => {
              for (const record of records) {
                const row = [
                  record.id,
                  input.key,
                  record.parentId,
                  record.position,
                  record.title,
                  record.url,
                  record.description,
                ];
                // A node of an older version published again (a revert) comes back under its id.
                const changed = await tx.run(
                  `UPDATE navigation_nodes SET parent_id = $3, position = $4, title = $5, url = $6, description = $7
                   WHERE id = $1 AND profile_id = $2`,
                  row,
                );
                if (changed === 0) {
                  await tx.run(
                    `INSERT INTO navigation_nodes (id, profile_id, parent_id, position, title, url, description)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
                    row,
                  );
                }
              }
              const kept = records.map((record) => record.id);
              await tx.run(
                'DELETE FROM navigation_nodes WHERE profile_id = $1 AND NOT (id = ANY($2::bigint[]))',
                [input.key, kept],
              );
            },
          },
        );
        return result.ok ? { ...result, records } : result;
      });
    },
  };
}
