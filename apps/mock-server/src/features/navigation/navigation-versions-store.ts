import { BACKFILL_NAVIGATION_VERSIONS } from '../../db/migrations/navigation-versions';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  createVersionTable,
  type PublishVersionInput,
  type PublishVersionResult,
  type StoredVersion,
  type VersionReads,
} from '../designer/version-table';
import type { NavigationNodeRecord } from './navigation-store';
import { publishedRecords } from './navigation-version-records';

/** A node of a publish, parents before children. */
export interface PublishNavigationNode {
  /** A kept node's id; null for a new node (it gets an id never used before). */
  id: number | null;
  /** The index of its parent in the list; null at the top. */
  parent: number | null;
  position: number;
  title: string;
  url: string | null;
  description: string | null;
}

/** What a navigation publish stores (`key` is the profile id): its nodes; the JSON is made here. */
export interface PublishNavigationInput extends Omit<PublishVersionInput, 'json'> {
  nodes: readonly PublishNavigationNode[];
}

/** A publish's outcome; when stored, with the nodes as written (the new ones with their ids). */
export type PublishNavigationResult =
  | { ok: true; version: StoredVersion; records: NavigationNodeRecord[] }
  | Exclude<PublishVersionResult, { ok: true }>;

/**
 * The published versions of profiles' navigations (append-only) of one database; the key is the
 * profile id and a version's JSON its nodes as flat `NavigationNodeRecord`s.
 */
export interface NavigationVersionStore extends VersionReads {
  /** Every profile with its latest version. */
  listCurrent(): Promise<(StoredVersion & { name: string })[]>;
  /** Every node id any version of the profile's navigation had. */
  knownIds(profileId: number): Promise<Set<number>>;
  /** The version in force at `iso` (the latest published at or before it). */
  inForceAt(profileId: number, iso: string): Promise<StoredVersion | null>;
  /** Which of the ids name no form, process command or dashboard. */
  unknownTargets(targets: { forms: number[]; commands: number[]; dashboards: number[] }): Promise<{
    forms: number[];
    commands: number[];
    dashboards: number[];
  }>;
  /**
   * In one write transaction: refuses a stale base, else appends the version and rewrites the
   * profile's `navigation_nodes` to it — kept nodes keep their ids, new ones get new ids, the
   * rest are deleted.
   */
  publish(input: PublishNavigationInput): Promise<PublishNavigationResult>;
}

/** {@link NavigationVersionStore} on SQLite. */
export function createSqliteNavigationVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): NavigationVersionStore {
  const table = createVersionTable(db, { table: 'navigation_versions', keyColumn: 'profile_id' });
  const current = db.prepare<[], StoredVersion & { name: string }>(
    `SELECT v.profile_id AS key, v.version, v.json, v.published_at_utc AS publishedAt,
       v.published_by AS publishedBy, v.change_note AS changeNote, p.name
     FROM profiles AS p
     JOIN navigation_versions AS v ON v.profile_id = p.id
       AND v.version = (SELECT max(version) FROM navigation_versions WHERE profile_id = p.id)
     ORDER BY p.id`,
  );
  const hasForm = db.prepare<[number], 1>('SELECT 1 FROM form_definitions WHERE web_template_no = ?').pluck();
  const hasCommand = db.prepare<[number], 1>('SELECT 1 FROM process_commands WHERE id = ?').pluck();
  const hasDashboard = db.prepare<[number], 1>('SELECT 1 FROM dashboards WHERE id = ?').pluck();
  const backfill = db.prepare(BACKFILL_NAVIGATION_VERSIONS);
  // Never reuse an id a node once had: translations and bookmarks are keyed by it.
  const maxId = db
    .prepare<[], number>(
      `SELECT max(coalesce((SELECT max(id) FROM navigation_nodes), 0),
                  coalesce((SELECT max(n.value ->> 'id') FROM navigation_versions AS v, json_each(v.json) AS n), 0))`,
    )
    .pluck();
  const known = db
    .prepare<[number], number>(
      `SELECT DISTINCT n.value ->> 'id' FROM navigation_versions AS v, json_each(v.json) AS n
       WHERE v.profile_id = ?`,
    )
    .pluck();
  const profileIds = db
    .prepare<[number], number>('SELECT id FROM navigation_nodes WHERE profile_id = ?')
    .pluck();
  const insertNode = db.prepare(
    `INSERT INTO navigation_nodes (id, profile_id, parent_id, position, title, url, description)
     VALUES (@id, @profileId, @parentId, @position, @title, @url, @description)`,
  );
  const updateNode = db.prepare(
    `UPDATE navigation_nodes SET parent_id = @parentId, position = @position, title = @title, url = @url,
       description = @description WHERE id = @id AND profile_id = @profileId`,
  );
  const deleteNode = db.prepare<[number]>('DELETE FROM navigation_nodes WHERE id = ?');

  return {
    ...table.reads,
    async listCurrent() {
      return current.all();
    },
    async knownIds(profileId) {
      return new Set(known.all(profileId));
    },
    async inForceAt(profileId, iso) {
      const version = table.versionAt(profileId, iso);
      return version === null ? null : table.reads.get(profileId, version);
    },
    async unknownTargets({ forms, commands, dashboards }) {
      return {
        forms: forms.filter((no) => hasForm.get(no) === undefined),
        commands: commands.filter((id) => hasCommand.get(id) === undefined),
        dashboards: dashboards.filter((id) => hasDashboard.get(id) === undefined),
      };
    },
    publish(input) {
      return write((): PublishNavigationResult => {
        // A profile added after the migration (and the seed) starts at its nodes as version 1.
        backfill.run();
        const records = publishedRecords(input.nodes, (maxId.get() ?? 0) + 1);
        const result = table.publish<never>(
          { ...input, json: JSON.stringify(records) },
          {
            // The latest version is what users' menus read now (navigation_nodes).
            makeCurrent: () => {
              for (const record of records) {
                const row = { ...record, profileId: input.key };
                // A node of an older version published again (a revert) comes back under its id.
                if (updateNode.run(row).changes === 0) insertNode.run(row);
              }
              const kept = new Set(records.map((record) => record.id));
              for (const id of profileIds.all(input.key)) if (!kept.has(id)) deleteNode.run(id);
            },
          },
        );
        return result.ok ? { ...result, records } : result;
      });
    },
  };
}
